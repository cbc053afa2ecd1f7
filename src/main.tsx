import 'primereact/resources/themes/lara-light-green/theme.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// The first render is a transition: React renders it in slices and lets the browser answer a tap
// between them, where one render of the whole page held a phone's main thread for one long task.
// The header painted by index.html stays until the app's is ready.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
