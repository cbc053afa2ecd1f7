import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageLoading } from '../../../components/PageLoading';
import { useFlow } from '../FlowContext';
import { stepPath, unsignedReleases } from '../flowState';
import { TextField } from '../../../components/studentForm/fields';
import { type Errors } from '../../../components/studentForm/errors';
import { focusFirstInvalid, StepFrame } from './StepFrame';
import { LoadError } from '../../../components/LoadError';
import { formatDay } from '../../../../contract/wording';
import { useReleasesToSign } from '../useReleasesToSign';

/** Step 6: each release, signed by typing the guardian's full name. */
export default function ReleasesStep() {
  const { state, update } = useFlow();
  const navigate = useNavigate();
  const [releases, reload] = useReleasesToSign(state);
  const [errors, setErrors] = useState<Errors>({});
  if (releases.status === 'loading') return <PageLoading />;
  if (releases.status === 'error') return <LoadError error={releases.error} onRetry={reload} />;
  const { releases: list, kept } = releases.value;
  const next = () => {
    const found: Errors = Object.fromEntries(unsignedReleases(state, releases.value).map((u) => [`sign.${u.id}`, u.problem]));
    setErrors(found);
    if (Object.keys(found).length) focusFirstInvalid();
    else navigate(stepPath('review'));
  };
  return (
    <StepFrame title="Releases" back={stepPath('health')} onNext={next}>
      {list.map((r) => {
        const signed = kept.find((k) => k.releaseId === r.id);
        return (
          <section key={r.id} className="release" aria-labelledby={`release-${r.id}`}>
            <h2 id={`release-${r.id}`}>{r.title}</h2>
            <p className="release-text" tabIndex={0} role="region" aria-label={`Text of the ${r.title}`}>
              {r.text}
            </p>
            {signed ? (
              <p className="release-kept">
                <span className="pi pi-check-circle" aria-hidden="true" /> Signed by {signed.typedName} on {formatDay(signed.signedAt)} for this semester:
                nothing to sign again.
              </p>
            ) : (
              <TextField
                path={`sign.${r.id}`}
                label={`Type your full name to sign the ${r.title}`}
                hint={state.profile?.guardians[0]?.name ? `As listed for a guardian, for example ${state.profile.guardians[0].name}` : undefined}
                autoComplete="name"
                required
                errors={errors}
                value={state.signatures[r.id] ?? ''}
                onChange={(name) => update((s) => ({ ...s, signatures: { ...s.signatures, [r.id]: name } }))}
              />
            )}
          </section>
        );
      })}
    </StepFrame>
  );
}
