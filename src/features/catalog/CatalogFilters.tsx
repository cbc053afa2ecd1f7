import { GRADE_OPTIONS } from '../../../contract/format';

/** Search words and grade of the class list; both live in the page's URL (?q=, ?grade=). */
export function CatalogFilters({ query, grade, onChange }: { query: string; grade: number | null; onChange: (key: 'q' | 'grade', value: string) => void }) {
  return (
    <div className="catalog-filters" role="search">
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
    </div>
  );
}
