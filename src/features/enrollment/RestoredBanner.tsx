// Above the steps when the family continues a draft saved at its last visit: the way back to the
// step it was on, and Start over (asked first). Loaded only when a draft was restored.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useFlow } from './FlowContext';
import { STEPS, stepPath, type StepId } from './flowState';

export function RestoredBanner({ onStep }: { onStep: StepId }) {
  const { startOver, state } = useFlow();
  const navigate = useNavigate();
  // Start over clears what the family chose and typed: it asks first, right here.
  const [asking, setAsking] = useState(false);
  const resume = state.step && state.step !== onStep && state.profile ? STEPS.find((s) => s.id === state.step) : undefined;
  if (asking) {
    return (
      <div className="restored-banner" role="alert">
        <span>Clear the classes and answers saved from your last visit?</span>
        <button
          type="button"
          className="link-button danger"
          onClick={() => {
            setAsking(false);
            startOver();
            navigate(stepPath('classes'));
          }}
        >
          Yes, start over
        </button>
        <button type="button" className="link-button" onClick={() => setAsking(false)}>
          Keep them
        </button>
      </div>
    );
  }
  return (
    <div className="restored-banner" role="status">
      <span>Continued from your last visit.</span>
      {resume && (
        <Link to={stepPath(resume.id)} className="link-button">
          Go back to {resume.label}
        </Link>
      )}
      <button type="button" className="link-button" onClick={() => setAsking(true)}>
        Start over
      </button>
    </div>
  );
}
