import { thClasses } from './table';

/** The header row of a plain table: one column header per name. */
export function TableHead({ headers }: { headers: readonly string[] }) {
  return (
    <thead className="bg-gray-50">
      <tr>
        {headers.map((header) => (
          <th key={header} scope="col" className={thClasses}>
            {header}
          </th>
        ))}
      </tr>
    </thead>
  );
}
