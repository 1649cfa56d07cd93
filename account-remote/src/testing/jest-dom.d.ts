// Types of the @testing-library/jest-dom matchers that shared/test/setup.ts loads for every test.
import '@testing-library/jest-dom';
