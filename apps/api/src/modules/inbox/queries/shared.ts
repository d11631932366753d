import { Prisma, type Db } from '../../../lib/db.js';

/**
 * What a query of the inbox runs on: the app's client, or a transaction's. The statements that go straight over the
 * pg pool (named statements, COPY) take the app's client itself (`Db`), whose pool poolOf finds.
 */
export type Client = Db | Prisma.TransactionClient;

/** The white space a person's label is trimmed of: Unicode's spaces and line ends, as JavaScript's trim() knows them. */
const WHITE_SPACE = `\t\n\v\f\r \u00a0\u1680${Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)).join('')}\u2028\u2029\u202f\u205f\u3000\ufeff`;

/** The columns a person's label is made of: those of the users table `u`, the only one the inbox labels. */
type PersonColumns = readonly ['u.first_name', 'u.last_name', 'u.email'];
const PERSON: PersonColumns = ['u.first_name', 'u.last_name', 'u.email'];

/**
 * A person's label (the list, the single conversation and the assignees), as SQL text for the named statements:
 * their first and last name, else their email, else 'Unassigned'.
 */
export const personLabelText = (() => {
  const [first, last, email] = PERSON;
  return `coalesce(nullif(btrim(concat_ws(' ', nullif(${first}, ''), nullif(${last}, '')), '${WHITE_SPACE}'), ''), nullif(${email}, ''), 'Unassigned')`;
})();

/** The same label as a Prisma.sql fragment: the columns are the fixed ones above, the white space a parameter. */
export const personLabelSql = (() => {
  const [first, last, email] = PERSON.map((column) => Prisma.raw(column));
  return Prisma.sql`coalesce(nullif(btrim(concat_ws(' ', nullif(${first}, ''), nullif(${last}, '')), ${WHITE_SPACE}), ''), nullif(${email}, ''), 'Unassigned')`;
})();
