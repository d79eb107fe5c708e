import { propertiesOf, typeLabel, type Schema } from './openapi';
import styles from './Api.module.css';

const MAX_DEPTH = 4;

/** A schema as a nested list of its fields: name, type, required, description. */
export function SchemaView({ schema, depth = 0 }: { schema: Schema | undefined; depth?: number }) {
  const fields = propertiesOf(schema);
  if (fields.length === 0) {
    return (
      <p className={styles.schemaType}>
        <code>{typeLabel(schema)}</code>
      </p>
    );
  }
  return (
    <ul className={styles.schema}>
      {schema?.type === 'array' ? <li className={styles.muted}>An array; each item has:</li> : null}
      {fields.map((field) => (
        <li key={field.name}>
          <code className={styles.fieldName}>{field.name}</code> <code className={styles.fieldType}>{typeLabel(field.schema)}</code>
          {field.required ? <span className={styles.required}> required</span> : null}
          {typeof field.schema.description === 'string' ? <span className={styles.muted}> {field.schema.description}</span> : null}
          {depth < MAX_DEPTH && propertiesOf(field.schema).length > 0 ? <SchemaView schema={field.schema} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}
