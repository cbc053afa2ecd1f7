// The releases of this enrollment, and those already signed for this child this semester
// (classes added to an enrollment keep the releases signed for it, unless their text changed since).
import { useMemo } from 'react';
import type { Release, ReleaseSignature } from '../../../contract/domain';
import { keptSignatures } from '../../../contract/family';
import { failed, loaded, loading, type LoadState } from '../../lib/loadState';
import { useMyEnrollments } from '../family/api';
import { useReleases } from '../catalogue/api';
import type { FlowState } from './flowState';

export interface ReleasesToSign {
  releases: Release[];
  /** Signed before for this child, in a confirmed enrollment of the same semester: nothing to sign. */
  kept: ReleaseSignature[];
}

export function useReleasesToSign(state: Pick<FlowState, 'studentChoice' | 'selection'>) {
  const [releases, reloadReleases] = useReleases();
  const saved = !!state.studentChoice && state.studentChoice !== 'new';
  const [mine, reloadMine] = useMyEnrollments(saved);
  const semesterIds = [...new Set(Object.values(state.selection).map((c) => c.semesterId))].join(',');
  const value: LoadState<ReleasesToSign> = useMemo(() => {
    if (releases.status !== 'loaded') return releases;
    if (!saved) return loaded({ releases: releases.value.releases, kept: [] });
    if (mine.status === 'loading') return loading;
    if (mine.status === 'error') return failed(mine.error);
    const kept = keptSignatures(mine.value.enrollments, state.studentChoice!, semesterIds.split(','), releases.value.releases);
    return loaded({ releases: releases.value.releases, kept });
  }, [releases, mine, saved, state.studentChoice, semesterIds]);
  return [value, () => (reloadReleases(), reloadMine())] as const;
}
