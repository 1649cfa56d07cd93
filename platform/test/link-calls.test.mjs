// The links the sources write, checked against the manifests (platform/src/routes/linkCalls.ts): npm test -w platform
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROOT } from '../src/root';
import { linkCallProblems, sourceLinkCallProblems } from '../src/routes/linkCalls';

const LINKS = { home: '/', productDetails: '/productdetails/:id', login: '/login' };
const problemsOf = (/** @type {string} */ text) => linkCallProblems('Page.tsx', text, LINKS);

describe('linkTo calls', () => {
  test('a name and the params its route needs, resolved while rendering, pass', () => {
    const text = `
      export function Card({ id }: { id: number }) {
        const next = linkTo('productDetails', { id });
        return <Link to={linkTo('login', { next })}>{linkTo('home')}{linkTo('productDetails', { id: 2, x: 1 })}</Link>;
      }
      export const menu = () => [linkTo('home')];
      export const Cards = memo(function Cards() { return [1].map((id) => linkTo('productDetails', { id })); });`;
    assert.deepEqual(problemsOf(text), []);
  });

  test('a misspelt name, a missing route parameter and a link made when the module loads fail', () => {
    const text = [
      `export const Page = () => linkTo('productDetail', { id: 1 });`,
      `export const Card = (productid: number) => linkTo('productDetails', { productid });`,
      `export const Bare = () => linkTo('productDetails');`,
      `export const HOME = linkTo('home');`,
      `export const named = (name: string) => linkTo(name);`,
      `export const SLIDES = [1, 2].map((id) => ({ to: linkTo('productDetails', { id }) }));`,
      `export const ONCE = (() => linkTo('home'))();`,
    ].join('\n');
    assert.deepEqual(problemsOf(text), [
      "Page.tsx:1: no manifest has a link named 'productDetail'",
      "Page.tsx:2: 'productDetails' (/productdetails/:id) needs id",
      "Page.tsx:3: 'productDetails' (/productdetails/:id) needs id",
      "Page.tsx:4: linkTo('home') runs when the module loads, before the runtime config",
      'Page.tsx:5: the link name is not a string literal',
      "Page.tsx:6: linkTo('productDetails') runs when the module loads, before the runtime config",
      "Page.tsx:7: linkTo('home') runs when the module loads, before the runtime config",
    ]);
  });

  test("every link the front ends, shared and the API's mails write names a manifest's link with its route's params", () => {
    assert.deepEqual(sourceLinkCallProblems(ROOT), []);
  });
});
