export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="pi pi-spin pi-spinner" aria-hidden="true" /> {label}
    </div>
  );
}
