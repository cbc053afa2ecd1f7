import { useSearchParams } from 'react-router-dom';

/** The class list's place in the address: the semester tab, the search words and the grade (`?semester=&q=&grade=`). */
export function useCatalogParams() {
  const [params, setParams] = useSearchParams();
  const gradeParam = params.get('grade');
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return {
    semester: params.get('semester'),
    query: params.get('q') ?? '',
    grade: gradeParam !== null && gradeParam !== '' && !Number.isNaN(Number(gradeParam)) ? Number(gradeParam) : null,
    setParam,
    /** Clears the search and the grade, staying on the semester. */
    clearSearch: (semesterId: string | undefined) => setParams({ ...(semesterId ? { semester: semesterId } : {}) }, { replace: true }),
  };
}
