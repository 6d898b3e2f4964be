export type NoticeProps = {
  message: string | null | undefined;
};

/** A short success message, announced politely when it appears. */
export function Notice({ message }: NoticeProps) {
  return (
    <p role="status" className="text-sm font-medium text-text">
      {message ?? null}
    </p>
  );
}
