/**
 * The watermark drawn on uploads that ask for one (spec 002 §9), the same on images and PDF
 * pages: the text repeated along lines slanted at -45 degrees (measured as on a screen, y down:
 * the text rises from bottom left to top right), in white Helvetica.
 */
export const watermarkStyle = {
  /** Degrees, y axis pointing down. */
  rotation: -45,
  font: 'Helvetica',
  /** Points on a PDF page, pixels on an image. */
  fontSize: 18,
  color: '#ffffff',
  opacity: 0.7,
  /** Added after each character. */
  letterSpacing: 2,
  /** Between two copies of the text on one line. */
  spacing: 100,
  /** Between two lines. */
  lineSpacing: 200,
  /** Quality of a JPEG written again with its watermark, 0 to 1. */
  jpegQuality: 0.85,
} as const;

/** The longest watermark text accepted. */
export const WATERMARK_MAX_LENGTH = 200;
