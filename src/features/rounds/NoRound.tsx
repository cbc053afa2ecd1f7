import { LinkButton } from '../../components/Button';

/** A semester without a round (an old link, a mistyped address). */
export function NoRound() {
  return (
    <div className="page page-narrow">
      <h1>Registration round</h1>
      <p>This semester has no registration round: its classes are taken first come, first served.</p>
      <LinkButton variant="text" to="/classes/enrollment">
        Back to the classes
      </LinkButton>
    </div>
  );
}
