/** A screen whose feature is built by a later issue: it says so, in French, rather than stay blank. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <p>Cette page arrive bientôt.</p>
    </section>
  );
}
