import { useParams, useSearchParams } from 'react-router-dom';

/** What a class or bundle form opens: the item (:id, or "new") and its semester (?semester=, from the list it was opened from). */
export function useSemesterItem() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return { id, semesterId: params.get('semester') ?? '' };
}
