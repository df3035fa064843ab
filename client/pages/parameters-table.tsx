/** The scanner parameters table of the guide pages (English and Russian): one layout, the texts passed in. */
export type ParameterRow = readonly [name: string, range: string, fallback: string, text: string];

export function ParametersTable({ headings, rows }: { headings: readonly [string, string, string, string]; rows: readonly ParameterRow[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, range, fallback, text]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{range}</td>
              <td>{fallback}</td>
              <td>{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
