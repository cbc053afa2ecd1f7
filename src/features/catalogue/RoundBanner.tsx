// Above a semester's classes while a registration round gives its places: loaded only for such a
// semester (the landing page carries none of it).
import { Link } from 'react-router-dom';
import type { PublicSemester } from '../../../contract/domain';
import { formatMoment } from '../../../contract/wording';

export default function RoundBanner({ semester, round }: { semester: Pick<PublicSemester, 'id' | 'name'>; round: NonNullable<PublicSemester['round']> }) {
  return (
    <p className="info-panel round-banner">
      Places in {semester.name} are given by a draw, not first come: entries open {formatMoment(round.entriesOpen)} and close {formatMoment(round.entriesClose)}. Entering early gives no advantage.{' '}
      <Link to={`/rounds/${semester.id}`}>How to enter, and how the draw works</Link>
    </p>
  );
}
