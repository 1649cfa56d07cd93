// Types of the jest-dom matchers that the shared jest setup loads (toBeInTheDocument, ...).
/// <reference types="@testing-library/jest-dom" />
