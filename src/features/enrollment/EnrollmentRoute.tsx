// /classes/enrollment/*: the enrollment stepper. Step 1 (classes) loads with the page; the other
// steps load when the family continues.
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../lib/session';
import { CatalogueStep, childFromAddress } from '../catalogue';
import { FlowProvider, useFlow } from './FlowContext';
import { classListAfter, STEPS, stepPath, type StepId } from './flowState';
import { LinkButton } from '../../components/Button';

// What the chosen child cannot take: shown from the info step on, loaded with it.
const SelectionCheck = lazy(() => import('./SelectionCheck').then((m) => ({ default: m.SelectionCheck })));
// The children already in a checkout of several: shown above the class list only then.
const CheckoutBanner = lazy(() => import('./CheckoutBanner').then((m) => ({ default: m.CheckoutBanner })));
const RestoredBanner = lazy(() => import('./RestoredBanner').then((m) => ({ default: m.RestoredBanner })));

const Steps = {
  account: lazy(() => import('./steps/AccountStep')),
  student: lazy(() => import('./steps/StudentStep')),
  info: lazy(() => import('./steps/InfoStep')),
  health: lazy(() => import('./steps/HealthStep')),
  releases: lazy(() => import('./steps/ReleasesStep')),
  review: lazy(() => import('./steps/ReviewStep')),
  done: lazy(() => import('./steps/DoneStep')),
  checkout: lazy(() => import('./steps/CheckoutStep')),
};

function StepIndicator({ current }: { current: StepId }) {
  const index = STEPS.findIndex((s) => s.id === current);
  return (
    <nav aria-label="Enrollment steps" className="stepper">
      <ol>
        {STEPS.map((s, i) => (
          <li key={s.id} className={i < index ? 'done' : i === index ? 'current' : ''} aria-current={i === index ? 'step' : undefined}>
            <span className="stepper-number" aria-hidden="true">
              {i < index ? <span className="pi pi-check" /> : i + 1}
            </span>
            <span className="stepper-label">{s.label}</span>
          </li>
        ))}
      </ol>
      <p className="stepper-compact" aria-hidden="true">
        Step {index + 1} of {STEPS.length}: {STEPS[index].label}
      </p>
    </nav>
  );
}

const AFTER_ACCOUNT: string[] = ['student', 'info', 'health', 'releases', 'review'];

function Flow() {
  const { state, update, ready, restored } = useFlow();
  const { user } = useSession();
  const location = useLocation();
  const segment = location.pathname.replace(/^\/classes\/enrollment\/?/, '').split('/')[0];
  const current = (STEPS.find((s) => s.path === segment)?.id ?? 'classes') as StepId;
  const chosen = Object.keys(state.selection).length;
  // The success pages (after submit; back from Stripe's page) stand on their own.
  const after = segment === 'done' || segment === 'checkout';
  const needsClasses = segment !== '' && !after && chosen === 0;
  const needsAccount = !['', 'account'].includes(segment) && !after && user === null;

  // Remember the step the family is on: a reload, or the next visit's Continue, comes back to it.
  useEffect(() => {
    if (AFTER_ACCOUNT.includes(current) && state.step !== current) update((s) => ({ ...s, step: current }));
  }, [current, state.step, update]);
  const resumeAt = state.step && state.studentChoice && state.profile ? state.step : 'student';

  // The child picked on the class list ("Who is this for?", or "Add classes" on My Enrollments) is the
  // one the Student step starts with, even over another child of a saved draft.
  const picked = segment === '' ? childFromAddress(location.search) : null;
  const forChild = picked && (resumeAt === 'student' || picked !== state.studentChoice) ? picked : null;
  const next = user ? stepPath(forChild ? 'student' : resumeAt) : stepPath('account');
  const cont = (
    <LinkButton to={forChild ? `${next}?for=${encodeURIComponent(forChild)}` : next} className="continue-button">
      <span className="p-button-label">Continue</span>
      <span className="pi pi-arrow-right" aria-hidden="true" />
    </LinkButton>
  );

  return (
    <div className="page enrollment-flow">
      {!after && <StepIndicator current={current} />}
      {!after && restored && (
        <Suspense fallback={null}>
          <RestoredBanner onStep={current} />
        </Suspense>
      )}
      {current === 'classes' && !!state.family?.length && (
        <Suspense fallback={null}>
          <CheckoutBanner />
        </Suspense>
      )}
      {AFTER_ACCOUNT.includes(segment) && (user === undefined || !ready) ? (
        <PageLoading label="Loading your enrollment…" />
      ) : needsClasses ? (
        <Navigate to={classListAfter(state.family?.at(-1)?.steps.selection ?? {})} replace />
      ) : needsAccount ? (
        <Navigate to={stepPath('account')} replace />
      ) : (
        <Suspense fallback={<PageLoading />}>
          {state.profile && ['info', 'health', 'releases', 'review'].includes(segment) && (
            <Suspense fallback={null}>
              <SelectionCheck />
            </Suspense>
          )}
          <Routes>
            <Route index element={<CatalogueStep selection={state.selection} setSelection={(change) => update((s) => ({ ...s, selection: change(s.selection) }))} action={cont} />} />
            <Route path="account" element={<Steps.account />} />
            <Route path="student" element={<Steps.student />} />
            <Route path="info" element={<Steps.info />} />
            <Route path="health" element={<Steps.health />} />
            <Route path="releases" element={<Steps.releases />} />
            <Route path="review" element={<Steps.review />} />
            <Route path="done" element={<Steps.done />} />
            <Route path="checkout" element={<Steps.checkout />} />
            <Route path="*" element={<Navigate to={stepPath('classes')} replace />} />
          </Routes>
        </Suspense>
      )}
    </div>
  );
}

export default function EnrollmentRoute() {
  return (
    <FlowProvider>
      <Flow />
    </FlowProvider>
  );
}
