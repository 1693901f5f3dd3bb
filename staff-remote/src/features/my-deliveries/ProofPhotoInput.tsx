import type { ChangeEvent, RefObject } from 'react';

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The photo being uploaded and how far it is, if one is. */
  uploading: { percent: number } | null;
}

/** The hidden camera input for door photos, and the upload's progress while one goes up. */
export function ProofPhotoInput({ inputRef, onChange, uploading }: Props) {
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/*"
        capture="environment"
        hidden
        data-testid="proof-photo-input"
        onChange={onChange}
      />
      {uploading && (
        <div className="upload-progress" role="status">
          <label htmlFor="upload-progress-bar">Uploading photo… {uploading.percent}%</label>
          <progress id="upload-progress-bar" max={100} value={uploading.percent} />
        </div>
      )}
    </>
  );
}
