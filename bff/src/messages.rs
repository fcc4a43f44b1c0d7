//! Error code → Persian message: the single source for every message the API returns.

/// Products could not be fetched [ER-15].
pub const PRODUCTS_FETCH_FAILED: &str = "متاسفانه مشکلی پیش آمده لطفا مجددا تلاش نمایید.";
/// The `where` filter of a catalogue query is malformed.
pub const INVALID_FILTER: &str = "فیلتر جستجوی محصولات معتبر نیست.";
/// A request body or parameter could not be read.
pub const BAD_REQUEST: &str = "درخواست ارسال شده معتبر نیست.";
/// No route matches the request.
pub const NOT_FOUND: &str = "آدرس درخواست شده پیدا نشد.";
/// The route exists but not for this HTTP method.
pub const METHOD_NOT_ALLOWED: &str = "این نوع درخواست برای این آدرس پشتیبانی نمی‌شود.";
/// Authentication is missing or invalid.
pub const UNAUTHORIZED: &str = "لطفا ابتدا وارد سایت شوید.";
/// Anything unexpected; the cause is logged, never shown.
pub const INTERNAL: &str = "خطا رخ داده است! لطفا بعد از چند دقیقه دوباره تلاش کنید.";

/// The generic message for an HTTP status with no more specific one.
pub fn for_status(status: u16) -> &'static str {
    match status {
        400 | 422 => BAD_REQUEST,
        401 | 403 => UNAUTHORIZED,
        404 => NOT_FOUND,
        405 => METHOD_NOT_ALLOWED,
        _ => INTERNAL,
    }
}
