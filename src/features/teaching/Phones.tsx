// Phone numbers an instructor taps to call: a child's guardians and contacts, the office.
import type { Contact } from '../../../contract/domain';

/** A phone number to tap: "Sam Rivera (Parent) (555) 123-4567". */
export function Phones({ people, empty }: { people: Contact[]; empty: string }) {
  if (!people.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="plain-list phone-list">
      {people.map((p, i) => (
        <li key={i}>
          {p.name} ({p.relationship}){' '}
          <a href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>
            {p.phone}
            <span className="visually-hidden"> — call {p.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
