/** A page whose content is still being built (see the open issues). */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p>This page is not available yet.</p>
    </div>
  );
}
