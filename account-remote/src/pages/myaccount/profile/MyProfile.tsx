import { type ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { linkTo } from '@marketplace/shared';
import { useAccount } from '../AccountContext';
import styles from '../Account.module.css';

function genderLabel(gender: string): string {
  if (gender === 'male') return 'Male';
  if (gender === 'female') return 'Female';
  return gender;
}

/** /myaccount/myprofile: full name, email, phone, birthday (createdate), gender. */
export function MyProfile(): ReactElement {
  const { customer } = useAccount();
  const rows: [string, string][] = [
    ['Full Name', `${customer.firstname} ${customer.lastname}`],
    ['Email', customer.email],
    ['Phone', customer.phonenum],
    ['Birthday', customer.createdate],
    ['Gender', genderLabel(customer.gender)],
  ];
  return (
    <>
      <h1 className={styles.heading}>My Profile</h1>
      <div className={styles.panel}>
        <dl className={styles.details}>
          {rows.map(([label, value]) => (
            <div key={label} className={styles.detail}>
              <dt>{label}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>
        <div className={styles.actions}>
          <Link className={styles.button} to={linkTo('editProfile')}>
            Edit Profile
          </Link>
          <Link className={styles.secondary} to={linkTo('changePassword')}>
            Change Password
          </Link>
        </div>
      </div>
    </>
  );
}
