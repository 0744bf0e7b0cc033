package auth

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif" // decoders a member's photo may come in: JPEG, PNG, WebP, GIF (first frame)
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"strings"

	"github.com/disintegration/imaging"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/router"
	_ "golang.org/x/image/webp"
)

// Profile photo limits. AvatarMaxBytes is the file a member may send (a phone photo fits);
// avatarMaxPixels bounds what a header may claim before a single pixel is decoded, so a
// small file that unpacks into gigabytes (a decompression bomb) is refused from its header.
const (
	AvatarMaxBytes  = 5 << 20
	AvatarBodyLimit = AvatarMaxBytes + 64<<10 // the file plus its multipart framing
	AvatarSize      = 512                     // the stored square; the 128 px thumb is PocketBase's
	AvatarThumb     = "128x128"
	avatarMaxPixels = 50_000_000
	avatarMaxSide   = 16_384
)

// avatarFormats are the image formats a photo may arrive in (image.DecodeConfig's names).
var avatarFormats = map[string]bool{"jpeg": true, "png": true, "webp": true, "gif": true}

// avatarError is the 400 that names the avatar field.
func avatarError(e *core.RequestEvent, code, message string) error {
	return e.BadRequestError(message, validation.Errors{"avatar": validation.NewError(code, message)})
}

// uploadAvatar answers POST /api/user/avatar (multipart, field avatar): it decodes the
// photo, crops it to a centered square (the browser's crop already made it one), scales
// it to AvatarSize and re-encodes it. Only pixels survive: EXIF (GPS included), ICC
// profiles, comments and any trailing bytes are never copied. PocketBase stores it under
// a new name, so the URL changes with the photo and may be cached for a year.
func uploadAvatar(e *core.RequestEvent) error {
	data, err := readAvatarFile(e)
	if err != nil {
		return err
	}
	encoded, ext, err := reencodeAvatar(data)
	if err != nil {
		return avatarError(e, "validation_invalid_image", err.Error())
	}
	file, err := filesystem.NewFileFromBytes(encoded, "avatar"+ext)
	if err != nil {
		return err
	}
	record := e.Auth
	record.Set("avatar", file)
	record.Set("avatarUrl", "") // our own photo replaces a sign-in provider's for good
	if err := e.App.Save(record); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, SelfUser(record))
}

// deleteAvatar answers DELETE /api/user/avatar: back to the generated avatar (a sign-in
// provider's picture does not come back either).
func deleteAvatar(e *core.RequestEvent) error {
	record := e.Auth
	record.Set("avatar", nil)
	record.Set("avatarUrl", "")
	if err := e.App.Save(record); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, SelfUser(record))
}

// readAvatarFile reads the avatar member of the multipart body, at most AvatarMaxBytes.
func readAvatarFile(e *core.RequestEvent) ([]byte, error) {
	if !strings.HasPrefix(e.Request.Header.Get("Content-Type"), "multipart/form-data") {
		return nil, avatarError(e, "validation_required", "Send the photo as multipart/form-data in the field avatar.")
	}
	f, _, err := e.Request.FormFile("avatar")
	if err != nil {
		var apiErr *router.ApiError
		if errors.As(err, &apiErr) {
			return nil, apiErr // the body limit's 413
		}
		return nil, avatarError(e, "validation_required", "Choose a photo (JPEG, PNG, WebP or GIF, up to 5 MB).")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, AvatarMaxBytes+1))
	if err != nil {
		return nil, avatarError(e, "validation_invalid_image", "The photo could not be read.")
	}
	if len(data) > AvatarMaxBytes {
		return nil, avatarError(e, "validation_file_size_limit", "The photo is larger than 5 MB. Choose a smaller one.")
	}
	return data, nil
}

// photoError is a refusal of the file itself, worded for the member.
type photoError string

func (p photoError) Error() string { return string(p) }

// What a file that is not a usable photo hears (SVG, text, a truncated image, a bomb).
const (
	errNotAPhoto     photoError = "This file is not a photo we can read. Choose a JPEG, PNG, WebP or GIF image."
	errTooManyPixels photoError = "This photo is too large in pixels. Choose one under 50 megapixels."
)

// reencodeAvatar turns data into a fresh AvatarSize square: JPEG when opaque, PNG when
// it has transparency. It checks the header's claimed size before decoding any pixels.
func reencodeAvatar(data []byte) ([]byte, string, error) { return SquarePhoto(data, AvatarSize) }

// SquarePhoto re-encodes a photo in any of the formats a member's photo may come in as a
// fresh side × side square (".jpg" when opaque, ".png" when it has transparency), checking
// the header's claimed size before decoding any pixels. Nothing of the original file (its
// metadata, a script in a polyglot) survives. Remote avatars of the fediverse use it too.
func SquarePhoto(data []byte, side int) ([]byte, string, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || !avatarFormats[format] {
		return nil, "", errNotAPhoto
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > avatarMaxSide || cfg.Height > avatarMaxSide || cfg.Width*cfg.Height > avatarMaxPixels {
		return nil, "", errTooManyPixels
	}
	img, _, err := image.Decode(bytes.NewReader(data)) // a GIF gives its first frame
	if err != nil {
		return nil, "", errNotAPhoto
	}
	square := imaging.Fill(img, side, side, imaging.Center, imaging.Lanczos)
	var out bytes.Buffer
	if square.Opaque() {
		err = jpeg.Encode(&out, flatten(square), &jpeg.Options{Quality: 85})
		return out.Bytes(), ".jpg", err
	}
	err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, square)
	return out.Bytes(), ".png", err
}

// flatten copies img onto an opaque RGBA canvas (JPEG has no alpha).
func flatten(img image.Image) image.Image {
	b := img.Bounds()
	dst := image.NewRGBA(b)
	draw.Draw(dst, b, &image.Uniform{C: color.White}, image.Point{}, draw.Src)
	draw.Draw(dst, b, img, b.Min, draw.Over)
	return dst
}

// cacheAvatars lets browsers keep a member photo (and its thumb) for a year: the stored
// name changes whenever the photo does, so a cached one is never stale.
func cacheAvatars(e *core.FileDownloadRequestEvent) error {
	if e.FileField != nil && e.FileField.Name == "avatar" {
		e.Response.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	}
	return e.Next()
}
