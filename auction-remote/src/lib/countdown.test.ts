import { countdownText } from './countdown';

const NOW = Date.parse('2026-03-01T00:00:00.000Z');
const at = (seconds: number): string => new Date(NOW + seconds * 1000).toISOString();

describe('countdownText', () => {
  it('reads days, hours, minutes and seconds until the end', () => {
    expect(countdownText(at(2 * 86400 + 3 * 3600 + 4 * 60 + 5), NOW)).toBe('Ends in 2d 03:04:05');
    expect(countdownText(at(59), NOW)).toBe('Ends in 00:00:59');
    expect(countdownText(at(86400), NOW)).toBe('Ends in 1d 00:00:00');
  });

  it('never shows 00:00:00 while the auction is still open', () => {
    expect(countdownText(new Date(NOW + 400).toISOString(), NOW)).toBe('Ends in 00:00:01');
  });

  it("reads 'Auction closed' at and after the end, when closed early, or without a usable time", () => {
    expect(countdownText(at(0), NOW)).toBe('Auction closed');
    expect(countdownText(at(-10), NOW)).toBe('Auction closed');
    expect(countdownText(at(3600), NOW, true)).toBe('Auction closed');
    expect(countdownText('not a date', NOW)).toBe('Auction closed');
  });
});
