import { ApiError, http, REQUEST_TIMEOUT_MS } from './http';

// The edge: the browser's fetch, answered by each test.
const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

function reply(status: number, body: unknown): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, text: () => Promise.resolve(text) } as Response;
}

const sent = () => {
  const [url, init] = fetchMock.mock.calls[0];
  return { url, init, headers: init.headers as Record<string, string> };
};

beforeEach(() => {
  fetchMock.mockReset();
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  window.__MARKETPLACE_CONFIG__ = { apiUrl: 'http://api.example:4000' };
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as { fetch?: unknown }).fetch;
  delete window.__MARKETPLACE_CONFIG__;
});

describe('the API client', () => {
  it('reads from the configured API with the query and headers given, and resolves the parsed reply', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 200, msg: '', data: [1, 2] }));
    const res = await http.get('/wishlist', { params: { limit: 20, cursor: undefined }, headers: { authtoken: 't' } });
    expect(res).toEqual({ status: 200, data: { status: 200, msg: '', data: [1, 2] } });
    const { url, init, headers } = sent();
    expect(url).toBe('http://api.example:4000/wishlist?limit=20');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.authtoken).toBe('t');
  });

  it('sends a body as JSON, a DELETE’s too, and a form as it is', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 200, msg: 'ok', data: null }));
    await http.post('/logincus', { email: 'a@b.c', password: 'x' });
    expect(sent().init.body).toBe('{"email":"a@b.c","password":"x"}');
    expect(sent().headers['Content-Type']).toBe('application/json');

    fetchMock.mockClear();
    await http.delete('/deleteproduct', { data: { productid: 3, authtoken: 't' } });
    expect(sent().init.method).toBe('DELETE');
    expect(sent().init.body).toBe('{"productid":3,"authtoken":"t"}');

    fetchMock.mockClear();
    const form = new FormData();
    form.append('file', new Blob(['png']), 'photo.png');
    await http.post('/uploadimage', form, { headers: { authtoken: 't' } });
    expect(sent().init.body).toBe(form);
    // The browser writes the multipart boundary itself.
    expect(sent().headers['Content-Type']).toBeUndefined();
  });

  it('rejects a refused call with an ApiError carrying the status and the server’s message', async () => {
    fetchMock.mockResolvedValue(reply(409, { status: 409, msg: 'Email already registered, please login', data: null }));
    const refused = http.post('/signupcus', {});
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message: 'Email already registered, please login',
      data: { status: 409, msg: 'Email already registered, please login', data: null },
    });

    fetchMock.mockResolvedValue(reply(502, 'Bad Gateway'));
    await expect(http.get('/products')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
    fetchMock.mockResolvedValue(reply(500, ''));
    await expect(http.get('/products')).rejects.toMatchObject({
      status: 500,
      message: 'Request failed with status 500',
    });
  });

  it('rejects with status 0 when the server is not reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/products')).rejects.toMatchObject({ status: 0, message: 'Network Error' });
  });

  it('gives up on a call the server does not answer in time', async () => {
    jest.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        ),
    );
    const slow = http.get('/products');
    const settled = expect(slow).rejects.toMatchObject({
      status: 0,
      message: `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`,
    });
    jest.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    await settled;
  });
});
