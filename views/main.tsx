import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserInput } from '../machines/signIn.machine.ts';
import { App } from './App.tsx';
import { SignInActor } from './SignInActor.ts';

async function inspectorOption() {
  // Opt-in for developers: ?inspect opens the Stately inspector (dev server only, never in the build).
  if (!import.meta.env.DEV || !new URLSearchParams(location.search).has('inspect')) return {};
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return { inspect: createBrowserInspector().inspect };
}

const container = document.getElementById('root');
if (container) {
  const options = { input: browserInput(), ...(await inspectorOption()) };
  createRoot(container).render(
    <StrictMode>
      <SignInActor.Provider options={options}>
        <App />
      </SignInActor.Provider>
    </StrictMode>,
  );
}
