import { PageViewTelemetry, areaOfScript } from './pageView';

const RELEASES = { shell: 'aaa1111-00000001', shop: 'bbb2222-00000002' };

describe('a page view’s telemetry', () => {
  it('sends once, per area with its release: errors, unavailable areas, failed loads and vitals', () => {
    const sent: string[] = [];
    const view = new PageViewTelemetry(RELEASES, (body) => sent.push(body));
    view.shown('shop');
    view.error('shop');
    view.error('shop');
    view.loadFailure('shop');
    view.unavailable('auction'); // no release of its own known to this page: not reported
    view.vital('lcp', 1234.56);
    view.vital('cls', 0.012345);
    view.flush();
    view.flush();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0])).toEqual({
      v: 1,
      areas: {
        shell: { release: RELEASES.shell, errors: 0, unavailable: false, loadFailures: 0 },
        shop: { release: RELEASES.shop, errors: 2, unavailable: false, loadFailures: 1 },
      },
      vitals: { lcp: 1235, cls: 0.0123 },
    });
  });

  it('attributes a script to the remote it was served from, else to the shell', () => {
    const remotes = {
      shop: 'https://shop.example/releases/bbb2222-00000002/mf-manifest.json',
      auction: 'https://auction.example/releases/ccc/mf-manifest.json',
    };
    expect(areaOfScript('https://shop.example/releases/bbb2222-00000002/static/js/412.js', remotes)).toBe('shop');
    expect(areaOfScript('https://shop.example/releases/old-00000000/static/js/412.js', remotes)).toBe('shell');
    expect(areaOfScript('https://www.example/static/js/main.js', remotes)).toBe('shell');
    expect(areaOfScript(undefined, remotes)).toBe('shell');
  });
});
