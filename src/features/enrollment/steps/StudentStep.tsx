import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { emptyProfile, profileOf } from '../../../components/studentForm/profile';
import { gradeName } from '../../../../contract/format';
import { needsInfoReview } from '../../../../contract/rules';
import { PageLoading } from '../../../components/PageLoading';
import { useFlow } from '../FlowContext';
import { stepPath } from '../flowState';
import { StepFrame } from './StepFrame';
import { LoadError } from '../../../components/LoadError';
import { useMyStudents } from '../../family/api';


/** Step 3: one of the family's saved students, or a new one. */
export default function StudentStep() {
  const { state, update } = useFlow();
  const navigate = useNavigate();
  const [students, reload] = useMyStudents();
  const [error, setError] = useState('');
  // The children already in this checkout are not chosen again.
  const inCheckout = new Set((state.family ?? []).map((c) => c.request.studentId));
  const list = students.status === 'loaded' ? students.value.students.filter((s) => !inCheckout.has(s.id)) : [];
  const pick = (choice: string) => {
    const saved = list.find((s) => s.id === choice);
    update((s) => ({
      ...s,
      studentChoice: choice,
      profile: saved ? profileOf(saved) : s.studentChoice === 'new' && s.profile ? s.profile : emptyProfile(),
      studentVersion: saved?.version,
      reviewNeeded: saved ? needsInfoReview(saved.infoReviewedAt, new Date()) : false,
      infoConfirmed: false,
      healthConfirmed: false,
    }));
  };
  const choose = (choice: string) => {
    setError('');
    pick(choice);
  };
  // The child the family picked on the class list ("Who is this for?", `?for=`) is chosen for it, once:
  // a choice made on this step afterwards stands.
  const [params] = useSearchParams();
  const applied = useRef(false);
  const picked = list.find((s) => s.id === params.get('for'))?.id;
  useEffect(() => {
    if (!picked || applied.current) return;
    applied.current = true;
    if (picked !== state.studentChoice) pick(picked);
  });

  if (students.status === 'loading') return <PageLoading label="Loading your students…" />;
  if (students.status === 'error') return <LoadError error={students.error} onRetry={reload} />;
  return (
    <StepFrame
      title={inCheckout.size ? 'Who else is enrolling?' : 'Who is enrolling?'}
      back={stepPath('classes')}
      onNext={() => (state.studentChoice ? navigate(stepPath('info')) : setError('Choose a student, or add a new one.'))}
    >
      <fieldset className="choice-list" aria-describedby={error ? 'student-choice-error' : undefined}>
        <legend className="visually-hidden">Student</legend>
        {list.map((s) => (
          <label key={s.id} className={`choice${state.studentChoice === s.id ? ' is-chosen' : ''}`}>
            <input type="radio" name="student" checked={state.studentChoice === s.id} onChange={() => choose(s.id)} />
            <span>
              <strong>
                {s.firstName} {s.lastName}
              </strong>
              <span className="muted"> · grade {gradeName(s.grade)}</span>
              {needsInfoReview(s.infoReviewedAt, new Date()) && <span className="muted"> · info to review</span>}
            </span>
          </label>
        ))}
        <label className={`choice${state.studentChoice === 'new' ? ' is-chosen' : ''}`}>
          <input type="radio" name="student" checked={state.studentChoice === 'new'} onChange={() => choose('new')} />
          <span>
            <strong>A new student</strong>
          </span>
        </label>
      </fieldset>
      {error && (
        <p id="student-choice-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </StepFrame>
  );
}
