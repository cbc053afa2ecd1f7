import { useMemo } from 'react';
import { aidSeatTerms } from '../../../contract/aid';
import { schoolToday } from '../../../contract/schedule';
import { useSession } from '../../lib/session';
import { useMyAid } from '../family/api';

/** The terms whose seats kept for aid a signed-in family may take (empty for anyone else). */
export function useAidTerms(): Set<string> {
  const { user } = useSession();
  const [aid] = useMyAid(!!user);
  return useMemo(() => (aid.status === 'loaded' ? aidSeatTerms(aid.value.applications, schoolToday()) : new Set<string>()), [aid]);
}
