import type { ReactElement } from 'react';
import { Breadcrumb, usePageMeta, type PageMeta } from '@marketplace/shared';
import styles from './pages.module.css';

export const FAQS: readonly { question: string; answer: string }[] = [
  {
    question: 'How do I place an order?',
    answer:
      'Sign in, add products to your cart, open the cart and choose Proceed to Checkout. Save a delivery address, pick a payment option and place the order.',
  },
  {
    question: 'How much does shipping cost?',
    answer:
      'Shipping is free on orders of Rs. 500 and above. Smaller orders carry a small delivery fee, shown at checkout before you pay.',
  },
  {
    question: 'When will my order arrive?',
    answer:
      'Orders ship the next day and are usually delivered after two days. You can follow each step under My Account, My Orders.',
  },
  {
    question: 'Can I cancel an order?',
    answer: 'Yes, any order that has not been delivered yet can be cancelled from My Orders in your account.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer: 'Cash on delivery, credit and debit cards, and PayPal.',
  },
  {
    question: 'How do coupons work?',
    answer:
      'Enter the coupon code at checkout and press Apply. A valid coupon lowers the total at once; an expired coupon is reported as such.',
  },
  {
    question: 'How do auctions work?',
    answer:
      'Open Auction, choose an item and add a bid higher than the current one. The owner of the item approves the winning bidder.',
  },
  {
    question: 'I forgot my password. What can I do?',
    answer: 'Choose Signin, then Forgot password. We email you a six-digit code; enter it and choose a new password.',
  },
];

const FAQ_META: PageMeta = {
  title: 'Frequently Asked Questions',
  description:
    'Answers about ordering, shipping and delivery, cancelling an order, payments, coupons, auctions and your password.',
  path: '/faq',
};

export function FaqPage(): ReactElement {
  usePageMeta(FAQ_META);
  return (
    <div className={styles.page}>
      <Breadcrumb page="FAQ" />
      <h1 className={styles.pageTitle}>Frequently Asked Questions</h1>
      <div className={styles.faqList}>
        {FAQS.map((faq) => (
          <details key={faq.question} className={styles.faqItem}>
            <summary>{faq.question}</summary>
            <p>{faq.answer}</p>
          </details>
        ))}
      </div>
    </div>
  );
}
