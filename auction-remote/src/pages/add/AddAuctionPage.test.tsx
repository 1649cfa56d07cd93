import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, http } from '@marketplace/shared';
import { auctionItem, currentPath, customer, mockApi, signInAs, signOut, toastKind } from '@marketplace/shared/testing';
import { toLocalInput } from '../../lib/auctionForm';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();
const DAY = 24 * 3600 * 1000;

/** The control whose label starts with `label` (required labels end with a '*'). */
const field = <T extends HTMLElement = HTMLInputElement>(label: string): T =>
  screen.getByLabelText<T>(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
const nick = () => field('Nick Name');
const bid = () => field('BID Value (Rs.)');
const low = () => field('Low BID Value');
const high = () => field('High BID Value');
const productName = () => field('Product Name');
const category = () => field<HTMLSelectElement>('Category');
const description = () => field('Description');
const age = () => field('Age of Product');
const endTime = () => field('Auction ends on');
const photos = () => field('Photos of the item');
const reserve = () => field('Reserve price (Rs.)');
const buynow = () => field('Buy It Now price (Rs.)');

/** The message under a field, verbatim (trailing spaces included), or null. */
function messageOf(input: HTMLElement): string | null {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** Types something and deletes it again, so the field is touched and empty. */
async function typeAndClear(input: HTMLElement): Promise<void> {
  await userEvent.type(input, 'x');
  await userEvent.clear(input);
}

async function fillValid(): Promise<void> {
  await userEvent.type(nick(), 'ArtLover');
  await userEvent.type(bid(), '5000');
  await userEvent.type(low(), '3000');
  await userEvent.type(high(), '9000');
  await userEvent.type(productName(), 'Sunset over the Ghats');
  await userEvent.selectOptions(category(), 'Painting');
  await userEvent.type(description(), 'Oil on canvas');
  await userEvent.type(age(), '25 years');
  fireEvent.change(endTime(), { target: { value: toLocalInput(Date.now() + 2 * DAY) } });
}

beforeEach(() => {
  signInAs();
  // The new item's page, where a created auction leads, follows its live events.
  api.subscribeToAuction.mockReturnValue(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('add auction', () => {
  it('sends a signed-out visitor to /login, to come back here', async () => {
    signOut();
    await renderAt('/addauction');
    await waitFor(() => expect(currentPath()).toBe('/login?next=%2Faddauction'));
  });

  it("shows the title and a 'Return to Store' link to /", async () => {
    await renderAt('/addauction');
    expect(screen.getByRole('heading', { level: 1, name: 'CREATE AN AUCTION PRODUCT' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Store' })).toHaveAttribute('href', '/');
  });

  it('unlocks the fields one after another', async () => {
    await renderAt('/addauction');
    const order = [nick, bid, low, high, productName, category, description, age, endTime];
    expect(nick()).toBeEnabled();
    order.slice(1).forEach((f) => expect(f()).toBeDisabled());
    expect(photos()).toBeDisabled();

    await userEvent.type(nick(), 'ArtLover');
    expect(bid()).toBeEnabled();
    expect(low()).toBeDisabled();
    await userEvent.type(bid(), '5000');
    expect(low()).toBeEnabled();
    expect(high()).toBeDisabled();
    await userEvent.type(low(), '3000');
    expect(high()).toBeEnabled();
    await userEvent.type(high(), '9000');
    await userEvent.type(productName(), 'Sunset');
    expect(category()).toBeEnabled();
    expect(description()).toBeDisabled();
    await userEvent.selectOptions(category(), 'Painting');
    await userEvent.type(description(), 'Oil on canvas');
    await userEvent.type(age(), '25 years');
    expect(endTime()).toBeEnabled();
    expect(photos()).toBeDisabled();
    fireEvent.change(endTime(), { target: { value: toLocalInput(Date.now() + DAY) } });
    expect(photos()).toBeEnabled();

    // Emptying an early field locks everything after it again.
    await userEvent.clear(nick());
    expect(bid()).toBeDisabled();
    expect(photos()).toBeDisabled();
  });

  it("shows the spec's messages verbatim, trailing spaces included", async () => {
    await renderAt('/addauction');
    await typeAndClear(nick());
    expect(messageOf(nick())).toBe('Please Enter Nick Name ');
    await userEvent.type(nick(), 'ArtLover');
    expect(messageOf(nick())).toBeNull();

    await typeAndClear(bid());
    expect(messageOf(bid())).toBe('Please Enter Bid Value');
    await userEvent.type(bid(), '5000');

    await typeAndClear(low());
    expect(messageOf(low())).toBe('Please Enter Low BID Value ');
    await userEvent.type(low(), '3000');

    await typeAndClear(high());
    expect(messageOf(high())).toBe('Please Enter High BID Value ');
    await userEvent.type(high(), '9000');

    await typeAndClear(productName());
    expect(messageOf(productName())).toBe('Please Enter Product Name ');
    await userEvent.type(productName(), 'Sunset');

    await userEvent.selectOptions(category(), 'Painting');
    await userEvent.selectOptions(category(), '');
    expect(messageOf(category())).toBe('Please Select Category ');
    expect(Array.from(category().options).map((o) => o.value)).toEqual(['', 'Currancy', 'Painting', 'Sports Items']);
    await userEvent.selectOptions(category(), 'Currancy');

    await typeAndClear(description());
    expect(messageOf(description())).toBe('Please Enter Description');
    await userEvent.type(description(), 'An old note');

    await typeAndClear(age());
    expect(messageOf(age())).toBe('Please Enter Age of Product ');
    await userEvent.type(age(), '100 years');

    fireEvent.change(endTime(), { target: { value: toLocalInput(Date.now() + DAY) } });
    fireEvent.change(endTime(), { target: { value: '' } });
    expect(messageOf(endTime())).toBe('Please Enter Time');
    fireEvent.change(endTime(), { target: { value: toLocalInput(Date.now() - DAY) } });
    expect(messageOf(endTime())).toBe('Time must be in the future');
  });

  it('compares the low and high BID values with the BID value as whole numbers', async () => {
    await renderAt('/addauction');
    await userEvent.type(nick(), 'ArtLover');
    await userEvent.type(bid(), '1000');

    await userEvent.type(low(), '1000');
    expect(messageOf(low())).toBe('Low BID Value must be less than BID Value ');
    expect(high()).toBeDisabled();
    await userEvent.clear(low());
    await userEvent.type(low(), '999');
    expect(messageOf(low())).toBeNull();

    await userEvent.type(high(), '1000');
    expect(messageOf(high())).toBe('High BID Value must be Greater than BID Value ');
    expect(productName()).toBeDisabled();
    await userEvent.clear(high());
    // 200 < 1000 as numbers, though '200' > '1000' as text.
    await userEvent.type(high(), '200');
    expect(messageOf(high())).toBe('High BID Value must be Greater than BID Value ');
    await userEvent.clear(high());
    await userEvent.type(high(), '1001');
    expect(messageOf(high())).toBeNull();
    expect(productName()).toBeEnabled();

    // Raising the BID value above the low value re-checks it.
    await userEvent.clear(bid());
    await userEvent.type(bid(), '500');
    expect(messageOf(low())).toBe('Low BID Value must be less than BID Value ');
  });

  it('enables create once the photos are uploaded, creates the auction and opens the new item', async () => {
    const post = jest.spyOn(http, 'post').mockResolvedValue({
      status: 200,
      data: { status: 200, msg: 'File Uploaded', data: 'http://localhost:4000/images/abc.png' },
    });
    const created = auctionItem({ auctionid: 42, productname: 'Sunset over the Ghats', ownerid: 1 });
    api.createAuction.mockResolvedValue(created);
    api.getAuction.mockResolvedValue(created);
    api.getUserData.mockResolvedValue(customer({ userid: 1 }));
    await renderAt('/addauction');
    const create = screen.getByRole('button', { name: 'Create Auction' });

    await fillValid();
    expect(create).toBeDisabled();
    await userEvent.upload(photos(), new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' }));
    expect(await toastKind('File Upload Successfully Kindly Please Click Again for Add Product')).toBe('success');
    expect(post).toHaveBeenCalledWith('/uploadimage', expect.any(FormData), expect.anything());
    await waitFor(() => expect(create).toBeEnabled());

    await userEvent.click(create);
    expect(api.createAuction).toHaveBeenCalledWith({
      username: 'ArtLover',
      bid: 5000,
      rangelowbid: 3000,
      rangehighbid: 9000,
      productname: 'Sunset over the Ghats',
      category: 'Painting',
      description: 'Oil on canvas',
      ageproduct: '25 years',
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
      photos: ['http://localhost:4000/images/abc.png'],
    });
    expect(await toastKind('Auction Product Added Successfully')).toBe('success');
    // Navigations run in a transition: wait for the router.
    await waitFor(() => expect(currentPath()).toBe('/auctionproduct/42'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset over the Ghats' })).toBeInTheDocument();
    expect(api.getAuction).toHaveBeenCalledWith(42);
  });

  it('takes an optional reserve and Buy It Now price with the server’s rules and messages', async () => {
    await renderAt('/addauction');
    await fillValid();
    // Both optional: blank passes, the photos unlock.
    expect(photos()).toBeEnabled();
    await userEvent.type(reserve(), '4000');
    expect(messageOf(reserve())).toBe('Reserve price must not be lower than BID Value');
    expect(photos()).toBeDisabled();
    await userEvent.clear(reserve());
    await userEvent.type(reserve(), '12.5');
    expect(messageOf(reserve())).toBe('Reserve price must be a whole number of rupees, at least 1');
    await userEvent.clear(reserve());
    await userEvent.type(reserve(), '7000');
    expect(messageOf(reserve())).toBeNull();
    await userEvent.type(buynow(), '5000');
    expect(messageOf(buynow())).toBe('Buy It Now price must be Greater than BID Value');
    await userEvent.clear(buynow());
    await userEvent.type(buynow(), '6000');
    expect(messageOf(buynow())).toBe('Buy It Now price must not be lower than the reserve price');
    await userEvent.clear(buynow());
    await userEvent.type(buynow(), '8000');
    expect(messageOf(buynow())).toBeNull();
    expect(photos()).toBeEnabled();
  });

  it('sends the reserve and Buy It Now price when given', async () => {
    jest.spyOn(http, 'post').mockResolvedValue({
      status: 200,
      data: { status: 200, msg: 'File Uploaded', data: 'http://localhost:4000/images/abc.png' },
    });
    const created = auctionItem({ auctionid: 43, ownerid: 1 });
    api.createAuction.mockResolvedValue(created);
    api.getAuction.mockResolvedValue(created);
    await renderAt('/addauction');
    await fillValid();
    await userEvent.type(reserve(), '7000');
    await userEvent.type(buynow(), '8000');
    await userEvent.upload(photos(), new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' }));
    const create = screen.getByRole('button', { name: 'Create Auction' });
    await waitFor(() => expect(create).toBeEnabled());
    await userEvent.click(create);
    expect(api.createAuction).toHaveBeenCalledWith(expect.objectContaining({ reserve: 7000, buynow: 8000 }));
  });

  it("shows the server's message as an error toast and stays on the form", async () => {
    jest
      .spyOn(http, 'post')
      .mockResolvedValue({ status: 200, data: { status: 200, msg: '', data: 'http://localhost:4000/images/abc.png' } });
    api.createAuction.mockRejectedValue(new ApiError(400, 'Time must be within one year from now'));
    await renderAt('/addauction');
    await fillValid();
    await userEvent.upload(photos(), new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' }));
    const create = screen.getByRole('button', { name: 'Create Auction' });
    await waitFor(() => expect(create).toBeEnabled());

    await userEvent.click(create);
    expect(await toastKind('Time must be within one year from now')).toBe('error');
    expect(currentPath()).toBe('/addauction');
    expect(create).toBeEnabled();
  });
});
