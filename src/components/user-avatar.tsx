import type { User } from '../contract';

/** The user's photo, or their initials when they have none. Decorative: the name is always written next to it. */
export function UserAvatar({ user, size, src }: { user: Pick<User, 'first_name' | 'last_name' | 'photo'>; size: number; src?: string }) {
  const url = src ?? user.photo?.original_url;
  const style = { width: size, height: size };
  if (url) return <img className="avatar" src={url} alt="" style={style} />;
  const initials = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  // Sized with the circle, as a photo would be: enlarged text would spill out of it (the name beside it grows).
  return (
    <span className="avatar avatar-initials" style={{ ...style, fontSize: Math.round(size * 0.4) }} aria-hidden="true">
      {initials}
    </span>
  );
}
