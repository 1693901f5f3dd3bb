/** What is wrong with a user field, under it; the input names it in its aria-describedby. */
export function UserFieldProblem({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-problem">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}
