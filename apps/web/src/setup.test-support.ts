import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { resetSaxClientForTests } from './features/auth/sax-client';

// Fail any test that logs an unexpected console.error (epic-stack habit): React warnings,
// failed prop types and act() warnings are bugs. A test that expects one mocks it itself.
let consoleError: MockInstance<typeof console.error>;

// findBy* and waitFor give up after 1 s by default: too short for lazy chunks on a busy CI core.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

beforeEach(() => {
  const original = console.error;
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    original(...args);
    throw new Error(
      'console.error was called; mock it in the test if it is expected:\n' +
        args.map(String).join(' '),
    );
  });
});

afterEach(() => {
  // Sonner keeps toasts in a module store and replays active ones to a new <Toaster>.
  toast.dismiss();
  cleanup();
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetSaxClientForTests();
});
