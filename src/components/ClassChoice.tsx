// The classes of a term a child could move to: live, not already the child's, each with its days, its
// price and whether it is full (the server still decides). For the family's move and the office's;
// `classes` is the term's list (null while it loads).
import type { PublicClass } from '../../contract/domain';
import { formatCents, formatWeekdays } from '../../contract/format';

export function ClassChoice({ id, classes, exclude, value, onChange }: { id: string; classes: PublicClass[] | null; exclude: string[]; value: string; onChange: (classId: string) => void }) {
  const choices = (classes ?? []).filter((c) => c.status === 'live' && !exclude.includes(c.id));
  return (
    <select id={id} className="p-inputtext p-component" value={value} disabled={!classes} onChange={(e) => onChange(e.target.value)}>
      <option value="">{classes ? (choices.length ? 'Choose a class' : 'No other class this term') : 'Loading the classes…'}</option>
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.title} · {formatWeekdays(c.weekdays)} · {formatCents(c.price)}
          {c.seatsLeft === 0 ? ' · full' : ''}
        </option>
      ))}
    </select>
  );
}
