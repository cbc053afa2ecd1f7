import { GRADE_OPTIONS } from '../../../contract/format';
import { ALL_CHILDREN } from './useFamilyFits';

interface Props {
  query: string;
  grade: number | null;
  /** A signed-in family's children, and which of them the cards speak of (`ALL_CHILDREN`, an id, or ''). */
  family: { id: string; firstName: string }[];
  forChild: string;
  onChange: (key: 'q' | 'grade' | 'for', value: string) => void;
}

/** Search words, grade and "who is this for" of the class list; all live in the page's URL (?q=, ?grade=, ?for=). */
export function CatalogueFilters({ query, grade, family, forChild, onChange }: Props) {
  return (
    <div className="catalogue-filters" role="search">
      <div className="field">
        <label htmlFor="class-search">Search classes</label>
        <input
          id="class-search"
          className="p-inputtext p-component"
          type="search"
          placeholder="Title, place, instructor…"
          value={query}
          onChange={(e) => onChange('q', e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="grade-filter">Grade</label>
        <select
          id="grade-filter"
          className="p-inputtext p-component"
          value={grade ?? ''}
          onChange={(e) => onChange('grade', e.target.value)}
        >
          <option value="">All grades</option>
          {GRADE_OPTIONS.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </select>
      </div>
      {family.length > 0 && (
        <div className="field">
          <label htmlFor="for-child">Who is this for?</label>
          <select id="for-child" className="p-inputtext p-component" value={forChild} onChange={(e) => onChange('for', e.target.value)}>
            <option value="">Anyone</option>
            {family.map((s) => (
              <option key={s.id} value={s.id}>
                {s.firstName}
              </option>
            ))}
            {family.length > 1 && <option value={ALL_CHILDREN}>All my children</option>}
          </select>
        </div>
      )}
    </div>
  );
}
