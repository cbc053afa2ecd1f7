import type { ReactNode } from 'react';

/**
 * A card of an office page: a section named by its heading (screen readers list it as a region), with
 * the heading's actions beside it (a New button, the downloads), which go under it on a phone.
 */
export function Card({ id, title, actions, className, children }: { id: string; title: ReactNode; actions?: ReactNode; className?: string; children?: ReactNode }) {
  const heading = <h2 id={id}>{title}</h2>;
  return (
    <section className={className ? `admin-card ${className}` : 'admin-card'} aria-labelledby={id}>
      {actions ? (
        <div className="card-header">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
