/** Whether this browser can show a live camera preview (getUserMedia); phones also get the file input's `capture`. */
export const hasLiveCamera = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
