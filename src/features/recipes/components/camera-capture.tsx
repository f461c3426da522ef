// «Tomar foto» with a live preview (getUserMedia) where the browser has a camera API: the frame shown
// when «Capturar» is pressed becomes a JPEG, which the photo field resizes like any picked file. A
// denied permission or a missing camera closes the preview with a clear sentence; the file picker
// (with `capture`, which opens the camera on phones) stays right below.
import { Camera, LoaderCircle, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { m } from '../messages';

export function CameraCapture({
  onCapture,
  onFailure,
  onClose,
}: {
  onCapture: (file: File) => void;
  onFailure: (message: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1600 } },
        audio: false,
      })
      .then((media) => {
        if (cancelled) return media.getTracks().forEach((t) => t.stop());
        stream.current = media;
        if (video.current) {
          video.current.srcObject = media;
          void video.current.play().catch(() => undefined);
        }
      })
      .catch(() => !cancelled && onFailure(m.cameraDenied));
    return () => {
      cancelled = true;
      stream.current?.getTracks().forEach((t) => t.stop());
      stream.current = null;
    };
  }, [onFailure]);

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return onFailure(m.cameraFailed);
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) =>
        blob
          ? onCapture(
              new File([blob], `foto-${Date.now()}.jpg`, {
                type: 'image/jpeg',
              }),
            )
          : onFailure(m.cameraFailed),
      'image/jpeg',
      0.92,
    );
  };

  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3">
      <div className="relative overflow-hidden rounded-md bg-black">
        <video ref={video} aria-label={m.cameraPreview} muted playsInline onLoadedData={() => setReady(true)} className="aspect-video w-full object-contain" />
        {!ready && (
          <p role="status" className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {m.cameraStarting}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={capture} disabled={!ready}>
          <Camera aria-hidden="true" />
          {m.capture}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          <X aria-hidden="true" />
          {m.closeCamera}
        </Button>
      </div>
    </div>
  );
}
