// The recipe's photo: the one it has (kept or removed), «Tomar foto» with a live camera preview where
// the browser has one, and the shared file picker (resizes in the browser; `capture` opens the phone's
// camera). A captured frame is prepared exactly as a picked file (prepareUpload), never resized here.
import { Camera } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { browserImageCodec } from '@/lib/files/browser-image-codec';
import { prepareUpload } from '@/lib/files/prepare-upload';
import { m } from '../messages';
import { hasLiveCamera } from '../camera';
import { CameraCapture } from './camera-capture';
import { RecipePhoto } from './recipe-photo';

export interface PhotoFieldProps {
  value: File | null;
  onChange: (file: File | null) => void;
  /** The photo saved with the recipe, shown while it is kept. */
  currentPath: string | null;
  onRemoveCurrent: () => void;
  error?: string;
  disabled?: boolean;
}

export function PhotoField({ value, onChange, currentPath, onRemoveCurrent, error, disabled }: PhotoFieldProps) {
  const [camera, setCamera] = useState(false);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const onFailure = useCallback((message: string) => {
    setCamera(false);
    setCameraProblem(message);
  }, []);
  const onCapture = async (file: File) => {
    setCamera(false);
    const prepared = await prepareUpload(file, 'images', browserImageCodec);
    if (prepared.ok) onChange(prepared.file);
    else setCameraProblem(prepared.message);
  };

  return (
    <div className="flex flex-col gap-3">
      {currentPath && !value && (
        <div className="flex items-center gap-3">
          <RecipePhoto path={currentPath} className="size-16" />
          <span className="text-sm text-muted-foreground">{m.currentPhoto}</span>
          <Button type="button" variant="outline" size="sm" onClick={onRemoveCurrent} disabled={disabled}>
            {m.removePhoto}
          </Button>
        </div>
      )}
      <FilePicker
        label={m.photo}
        accept="images"
        capture="environment"
        value={value}
        onChange={(file) => {
          setCameraProblem(null);
          onChange(file);
        }}
        description={m.photoHint}
        error={error}
        disabled={disabled}
      />
      {hasLiveCamera() && !camera && (
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          disabled={disabled}
          onClick={() => {
            setCameraProblem(null);
            setCamera(true);
          }}
        >
          <Camera aria-hidden="true" />
          {m.takePhoto}
        </Button>
      )}
      {camera && <CameraCapture onCapture={(f) => void onCapture(f)} onFailure={onFailure} onClose={() => setCamera(false)} />}
      {cameraProblem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {cameraProblem}
        </p>
      )}
    </div>
  );
}
