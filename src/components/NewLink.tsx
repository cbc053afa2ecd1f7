import { LinkButton } from './Button';

/** The button of a list's header that opens the form of a new item ("New class", "Add a staff member"). */
export function NewLink({ to, label, icon = 'pi-plus' }: { to: string; label: string; icon?: string }) {
  return (
    <LinkButton to={to}>
      <span className={`pi ${icon}`} aria-hidden="true" />
      <span className="p-button-label">{label}</span>
    </LinkButton>
  );
}
