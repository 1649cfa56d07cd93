import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@marketplace/shared';
import { currentPath, mockApi, signInAs, toastKind } from '@marketplace/shared/testing';
import { renderAt } from '../../testing/renderAt';

const api = mockApi();

const field = {
  name: () => screen.getByLabelText(/^Product Name/),
  title: () => screen.getByLabelText(/^Title/),
  description: () => screen.getByLabelText(/^Description/),
  rating: () => screen.getByLabelText(/^Rating/),
  price: () => screen.getByLabelText(/^Price/),
  stock: () => screen.getByLabelText(/^Units in Stock/),
  location: () => screen.getByLabelText(/^Location/),
  photos: () => screen.getByLabelText('Product Photos (PNG)'),
};
const addButton = () => screen.getByRole('button', { name: 'Add Product' });
const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

type User = ReturnType<typeof userEvent.setup>;

async function fillDetails(user: User): Promise<void> {
  await user.type(field.name(), 'Retro Camera');
  await user.type(field.title(), 'Electronics');
  await user.type(field.description(), 'A film camera in working order.');
  await user.type(field.rating(), '4.5');
  await user.type(field.price(), '1299');
  await user.type(field.stock(), '2');
  await user.type(field.location(), 'Pune');
}

beforeEach(() => {
  jest.useFakeTimers();
  signInAs();
  // The home page, where a listed product leads.
  api.getTrendingProducts.mockResolvedValue([]);
  api.searchProducts.mockResolvedValue({ products: [], hasMore: false, next: null });
  api.getWishlistPage.mockResolvedValue({ items: [], next: null, count: 0 });
  api.uploadPhoto.mockImplementation((file) => Promise.resolve(`http://api/images/${(file as File).name}`));
});
afterEach(() => jest.useRealTimers());

const setupUser = (): User => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

describe('/addproduct', () => {
  it('unlocks the fields in order, each with its message while wrong', async () => {
    const user = setupUser();
    await renderAt('/addproduct');
    expect(field.name()).toBeEnabled();
    for (const f of [
      field.title,
      field.description,
      field.rating,
      field.price,
      field.stock,
      field.location,
      field.photos,
    ])
      expect(f()).toBeDisabled();
    expect(addButton()).toBeDisabled();

    await user.type(field.name(), 'Retro Camera');
    expect(field.title()).toBeEnabled();
    expect(field.description()).toBeDisabled();
    await user.clear(field.name());
    expect(screen.getByText('Please Enter Product Name')).toBeInTheDocument();
    expect(field.title()).toBeDisabled();
    await user.type(field.name(), 'Retro Camera');
    expect(screen.queryByText('Please Enter Product Name')).not.toBeInTheDocument();

    await user.type(field.title(), 'x');
    await user.clear(field.title());
    expect(screen.getByText('Please Enter Title')).toBeInTheDocument();
    await user.type(field.title(), 'Electronics');
    expect(field.description()).toBeEnabled();

    await user.type(field.description(), ' ');
    expect(screen.getByText('Please Enter Description')).toBeInTheDocument();
    expect(field.rating()).toBeDisabled();
    await user.type(field.description(), 'Works well.');
    expect(field.rating()).toBeEnabled();

    await user.type(field.rating(), '6');
    expect(screen.getByText('Please Enter Rating')).toBeInTheDocument();
    expect(field.price()).toBeDisabled();
    await user.clear(field.rating());
    await user.type(field.rating(), '0');
    expect(screen.getByText('Please Enter Rating')).toBeInTheDocument();
    await user.clear(field.rating());
    await user.type(field.rating(), '5');
    expect(screen.queryByText('Please Enter Rating')).not.toBeInTheDocument();
    expect(field.price()).toBeEnabled();

    await user.type(field.price(), '0');
    expect(screen.getByText('Please Enter Price')).toBeInTheDocument();
    expect(field.photos()).toBeDisabled();
    await user.clear(field.price());
    await user.type(field.price(), '1299');
    expect(screen.queryByText('Please Enter Price')).not.toBeInTheDocument();
    expect(field.stock()).toBeEnabled();
    expect(field.location()).toBeDisabled();

    // Units in stock: a whole number from 0 to 1,000,000 (0 lists it out of stock).
    for (const bad of ['-3', '1.5', '1000001']) {
      await user.clear(field.stock());
      await user.type(field.stock(), bad);
      expect(screen.getByText('Please Enter Units in Stock (a whole number from 0 to 1,000,000)')).toBeInTheDocument();
      expect(field.photos()).toBeDisabled();
    }
    await user.clear(field.stock());
    await user.type(field.stock(), '0');
    expect(screen.queryByText(/Please Enter Units in Stock/)).not.toBeInTheDocument();
    expect(field.location()).toBeEnabled();
    expect(field.photos()).toBeEnabled();
    expect(field.photos()).toHaveAttribute('accept', 'image/png');
    // Still no photo: the create button waits for the uploads.
    expect(addButton()).toBeDisabled();
  });

  it('uploads two PNGs 3 s apart with a toast and progress each, then creates the product and goes home', async () => {
    const user = setupUser();
    api.createProduct.mockResolvedValue({
      productid: 90,
      productname: 'Retro Camera',
      title: 'Electronics',
      description: 'A film camera in working order.',
      price: 1299,
      rating: 4.5,
      photo: 'http://api/images/front.png',
      location: 'Pune',
      userid: 7,
    });
    await renderAt('/addproduct');
    await fillDetails(user);

    await user.upload(field.photos(), [png('front.png'), png('back.png')]);
    await act(async () => {
      await Promise.resolve();
    });
    expect(api.uploadPhoto).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Uploaded 1 of 2')).toBeInTheDocument();
    expect(await toastKind('File Upload Successfully Kindly Please Click Again for Add Product')).toBe('success');
    expect(addButton()).toBeDisabled();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(2900);
    });
    expect(api.uploadPhoto).toHaveBeenCalledTimes(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(api.uploadPhoto).toHaveBeenCalledTimes(2);
    expect(api.uploadPhoto.mock.calls.map((c) => (c[0] as File).name)).toEqual(['front.png', 'back.png']);
    expect(screen.getByText('Uploaded 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '2');
    expect(screen.getAllByText('File Upload Successfully Kindly Please Click Again for Add Product')).toHaveLength(2);
    expect(addButton()).toBeEnabled();

    await user.click(addButton());
    expect(api.createProduct).toHaveBeenCalledWith({
      productname: 'Retro Camera',
      title: 'Electronics',
      description: 'A film camera in working order.',
      rating: 4.5,
      price: 1299,
      location: 'Pune',
      photos: ['http://api/images/front.png', 'http://api/images/back.png'],
      stock: 2,
    });
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await toastKind('Product Added Successfully')).toBe('success');
  });

  it("shows the server's message when an upload fails, and a retry finishes it", async () => {
    const user = setupUser();
    api.uploadPhoto.mockRejectedValueOnce(new ApiError(400, 'The file is not a PNG image'));
    await renderAt('/addproduct');
    await fillDetails(user);
    await user.upload(field.photos(), [png('fake.png')]);
    expect(await toastKind('The file is not a PNG image')).toBe('error');
    expect(screen.getByText('fake.png: The file is not a PNG image')).toBeInTheDocument();
    expect(addButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Retry upload' }));
    await waitFor(() => expect(screen.getByText('Uploaded 1 of 1')).toBeInTheDocument());
    expect(addButton()).toBeEnabled();
  });

  it("a refused create shows the server's message and stays", async () => {
    const user = setupUser();
    api.createProduct.mockRejectedValue(new ApiError(400, 'Please upload at least one PNG photo'));
    await renderAt('/addproduct');
    await fillDetails(user);
    await user.upload(field.photos(), [png('front.png')]);
    await waitFor(() => expect(addButton()).toBeEnabled());
    await user.click(addButton());
    expect(await toastKind('Please upload at least one PNG photo')).toBe('error');
    expect(currentPath()).toBe('/addproduct');
    expect(addButton()).toBeEnabled();
  });
});
