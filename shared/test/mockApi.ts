import type * as SharedExports from '../src';
import type * as ApiExports from '../src/api';

type SharedModule = typeof SharedExports;
type ApiModule = typeof ApiExports;

/** What the API client exports besides its calls: tests keep the real ones. */
const NOT_CALLS = [
  'http',
  'ApiError',
  'apiBaseUrl',
  'toApiError',
  'errorMessage',
  'hasStatus',
  'messageOf',
] as const satisfies readonly (keyof ApiModule)[];
/** Outside the API client, what reaches a server too: the cart count's GET /productviewcart, /config.json. */
const OTHER_CALLS = [
  'refreshCartCount',
  'loadRuntimeConfig',
  'fetchRuntimeConfig',
] as const satisfies readonly (keyof SharedModule)[];

type FunctionName<M> = { [K in keyof M]: M[K] extends (...args: never[]) => unknown ? K : never }[keyof M];

/** The functions of @marketplace/shared that call a server. */
export type ApiCallName =
  | Extract<Exclude<FunctionName<ApiModule>, (typeof NOT_CALLS)[number]>, keyof SharedModule>
  | (typeof OTHER_CALLS)[number];

/** Each call to a server as the test's jest.fn, typed as the function it stands for. */
export type ApiMocks = { [K in ApiCallName]: jest.MockedFunction<SharedModule[K]> };

const created: { mock: jest.Mock; real: (...args: never[]) => unknown }[] = [];

/**
 * The module @marketplace/shared as the front ends' tests get it (shared/test/setup.ts mocks it
 * with this): the real package, except that each call to a server is a jest.fn that calls the real
 * client until the test answers for it (`mockApi().getProducts.mockResolvedValue(…)`).
 */
export function sharedWithApiMocks(): SharedModule {
  const actual = jest.requireActual<SharedModule>('../src');
  const api: Record<string, unknown> = jest.requireActual<ApiModule>('../src/api');
  const notCalls: readonly string[] = NOT_CALLS;
  const names = [
    ...Object.keys(api).filter((name) => typeof api[name] === 'function' && !notCalls.includes(name)),
    ...OTHER_CALLS,
  ];
  const actualExports: Record<string, unknown> = actual;
  const mocks = Object.fromEntries(
    names.map((name) => {
      const real = actualExports[name] as (...args: never[]) => unknown;
      const mock = jest.fn(real);
      created.push({ mock, real });
      return [name, mock];
    }),
  );
  return { ...actual, ...mocks };
}

/** After each test (shared/test/setup.ts): no recorded calls, no answers; each call reaches the real client again. */
export function resetApiMocks(): void {
  for (const { mock, real } of created) mock.mockReset().mockImplementation(real);
}

/**
 * The calls to a server that the test answers, typed: `const api = mockApi();` then
 * `api.getProducts.mockResolvedValue(PRODUCTS)`, `expect(api.addToCart).toHaveBeenCalledWith(3)`.
 */
export function mockApi(): ApiMocks {
  return jest.requireMock<ApiMocks>('../src');
}
