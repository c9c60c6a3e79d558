import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A wait (findBy…, waitFor) polls until what it waits for shows, so a longer limit costs a passing test nothing. The
// default second is too short on a busy 2-core machine: npm test runs these tests on two workers beside the site's
// tests and the fault scenarios, and a whole form re-renders on each key typed.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  window.localStorage.clear();
});
