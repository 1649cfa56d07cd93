import { useState, type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { notify, linkTo } from '@marketplace/shared';
import { useAccount } from '../AccountContext';
import { saveAddresses, withoutAddress, type Address } from './addresses';
import styles from '../Account.module.css';

/** /myaccount/addressbook: the saved addresses, each with Edit and Delete; Add New Address. */
export function AddressBook(): ReactElement {
  const { customer, saved, reload, fail } = useAccount();
  const [busy, setBusy] = useState(false);
  const list = customer.address;

  async function remove(address: Address, index: number) {
    if (busy) return;
    setBusy(true);
    const next = withoutAddress(list, address, index);
    try {
      const session = await saveAddresses(next);
      saved(session, { address: next });
      notify({ text: 'Address Deleted Successfully', kind: 'success' });
      reload();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className={styles.headingRow}>
        <h1 className={styles.heading}>Address Book</h1>
        <Link className={styles.button} to={linkTo('addAddress')}>
          Add New Address
        </Link>
      </div>
      {list.length === 0 ? (
        <div className={styles.panel}>
          <p className={styles.muted}>No address saved yet. Add one to use it at checkout.</p>
        </div>
      ) : (
        <div className={styles.tableWrap}>
          <table className={[styles.table, styles.stackTable].join(' ')}>
            <thead>
              <tr>
                <th scope="col">Street Address</th>
                <th scope="col">Landmark</th>
                <th scope="col">City</th>
                <th scope="col">State</th>
                <th scope="col">Country</th>
                <th scope="col">Postal Code</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((a, i) => (
                <tr key={`${i}-${a.streetadd}-${a.landmark}-${a.postal}`}>
                  <td data-label="Street Address">{a.streetadd}</td>
                  <td data-label="Landmark">{a.landmark}</td>
                  <td data-label="City">{a.city}</td>
                  <td data-label="State">{a.state}</td>
                  <td data-label="Country">{a.country}</td>
                  <td data-label="Postal Code">{a.postal}</td>
                  <td className={styles.rowActions}>
                    <Link
                      className={styles.cardLink}
                      to={linkTo('editAddress', { index: i })}
                      state={{ index: i }}
                      aria-label={`Edit address ${a.streetadd}`}
                    >
                      Edit
                    </Link>
                    <button
                      type="button"
                      className={styles.danger}
                      onClick={() => remove(a, i)}
                      disabled={busy}
                      aria-label={`Delete address ${a.streetadd}`}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
