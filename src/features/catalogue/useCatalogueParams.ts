import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The class list's place in the address: the semester tab, the search words, the grade and the child (`?semester=&q=&grade=&for=`). */
export function useCatalogueParams() {
  const [params, setParams] = useSearchParams();
  // The address as last set: the router hands an update the address of its last render, so a second
  // change before the page draws again (a tab, then a child, tapped quickly) would undo the first.
  const pending = useRef<URLSearchParams | null>(null);
  // Drawn with the new address: it is the latest again.
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const change = (update: (p: URLSearchParams) => URLSearchParams) => {
    pending.current = update(pending.current ?? params);
    setParams(pending.current, { replace: true });
  };
  const gradeParam = params.get('grade');
  const setParam = (key: string, value: string | null) =>
    change((p) => {
      const next = new URLSearchParams(p);
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
      return next;
    });
  return {
    semester: params.get('semester'),
    query: params.get('q') ?? '',
    forChild: params.get('for'),
    grade: gradeParam !== null && gradeParam !== '' && !Number.isNaN(Number(gradeParam)) ? Number(gradeParam) : null,
    setParam,
    /** Clears the search and the grade, staying on the semester and the child. */
    clearSearch: (semesterId: string | undefined) =>
      change((p) => {
        const next = new URLSearchParams();
        for (const key of ['semester', 'for']) if (p.get(key)) next.set(key, p.get(key)!);
        if (semesterId) next.set('semester', semesterId);
        return next;
      }),
  };
}
