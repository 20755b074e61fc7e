import './need-picture.css';
/** A catalogue need's picture, or the category's colour when there is none; decorative, the name says it all. */
export function NeedPicture({ src, size = 48 }: { src: string | null; size?: number }) {
  if (!src) return <span className="need-picture need-picture-none" style={{ width: size, height: size }} aria-hidden="true" />;
  return <img className="need-picture" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />;
}
