//! Error code → Persian message: the single source for every message the API returns, and how numbers are written
//! in Persian texts (SMS).
use rust_persian_tools::{commas::add_commas, digits::en_to_fa};

/// A number as a Persian text writes it, in Persian digits without separators: an order number.
pub fn persian_number(number: i64) -> String {
    en_to_fa(number.to_string())
}

/// An amount as a Persian text writes it: Persian digits, thousands separated by `٬` (U+066C, not the Latin comma
/// `add_commas` writes).
pub fn persian_amount(amount: i64) -> String {
    en_to_fa(add_commas(amount.to_string())).replace(',', "٬")
}

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
/// The request body is larger than the service reads (413).
pub const REQUEST_TOO_LARGE: &str = "حجم درخواست ارسال شده بیش از حد مجاز است.";
/// The request body came too slowly (408); the connection is closed.
pub const REQUEST_TIMEOUT: &str = "ارسال درخواست بیش از حد طول کشید؛ لطفا دوباره تلاش کنید.";
/// A public call that stores something came too often from one address, or from everyone (`throttle`).
pub const TOO_MANY_REQUESTS: &str = "تعداد درخواست‌ها بیش از حد مجاز است؛ لطفا کمی بعد دوباره تلاش کنید.";
/// One field of the request is larger than its cap (meta, answers, a text).
pub const FIELD_TOO_LARGE: &str = "حجم اطلاعات ارسال شده بیش از حد مجاز است.";
/// A text of the request holds a character no text may hold (U+0000), refused before it reaches the database.
pub const INVALID_CHARACTER: &str = "متن ارسال شده نویسه‌ای دارد که معتبر نیست.";
/// Anything unexpected; the cause is logged, never shown.
pub const INTERNAL: &str = "خطا رخ داده است! لطفا بعد از چند دقیقه دوباره تلاش کنید.";
/// The database does not answer for a moment (a restart): nothing was wrong with the request (503).
pub const UNAVAILABLE: &str = "سرویس لحظاتی در دسترس نیست؛ لطفا چند ثانیه دیگر دوباره تلاش کنید.";

/// The generic message for an HTTP status with no more specific one.
pub fn for_status(status: u16) -> &'static str {
    match status {
        400 | 422 => BAD_REQUEST,
        401 | 403 => UNAUTHORIZED,
        404 => NOT_FOUND,
        405 => METHOD_NOT_ALLOWED,
        408 => REQUEST_TIMEOUT,
        413 => REQUEST_TOO_LARGE,
        503 => UNAVAILABLE,
        _ => INTERNAL,
    }
}

// Sign-in (spec 1 §5, §8). The screens show the catalogue message for the code; these say more.
/// Code 400 in the sign-in catalogue [ER-02].
pub const SIGN_IN_BAD_INPUT: &str = "لطفا اطلاعات خود را صحیح وارد نمایید";
/// Code 401 on e-mail steps and registration [ER-03].
pub const NOT_REGISTERED: &str = "اطلاعات کاربر ثبت نشده است";
/// Any other sign-in failure [ER-04].
pub const SERVER_ACCESS: &str = "خطا دسترسی به سرور";
pub const MOBILE_EMPTY: &str = "شماره تلفن وارد نشده است";
pub const MOBILE_INVALID: &str = "شماره تلفن صحیح وارد نشده است";
pub const EMAIL_EMPTY: &str = "ایمیل وارد نشده است";
pub const EMAIL_INVALID: &str = "ایمیل به درستی وارد نشده است";
pub const CODE_EMPTY: &str = "لطفا پیامک ارسال شده را وارد نمایید";
pub const CODE_MALFORMED: &str = "کد ورود باید شش رقم باشد";
pub const UNKNOWN_COUNTRY: &str = "کد کشور انتخاب شده معتبر نیست";
pub const WRONG_CODE: &str = "کد وارد شده صحیح نیست";
pub const CODE_EXPIRED: &str = "کد ورود منقضی شده است؛ لطفا کد جدید دریافت کنید";
pub const CODE_USED: &str = "این کد قبلا استفاده شده است؛ لطفا کد جدید دریافت کنید";
pub const CODE_LOCKED: &str = "تعداد تلاش‌های نادرست بیش از حد مجاز است؛ لطفا کد جدید دریافت کنید";
pub const NO_CODE: &str = "ابتدا کد ورود را دریافت کنید";
pub const ALREADY_REGISTERED: &str = "این شماره قبلا ثبت شده است؛ از گزینه ورود استفاده کنید";
pub const SMS_NUMBER: &str = "کد ورود این شماره با پیامک فرستاده می‌شود";
pub const EMAIL_REQUIRED: &str = "برای ورود با این شماره ابتدا ایمیل خود را ثبت کنید";
pub const PROFILE_NUMBER_MISMATCH: &str = "شماره پرونده با شماره موبایل مطابقت ندارد";
pub const HOURLY_LIMIT: &str = "تعداد درخواست‌های کد ورود بیش از حد مجاز است؛ لطفا ساعتی دیگر تلاش کنید";
pub const PROVIDER_FAILED: &str = "ارسال کد ورود با خطا مواجه شد؛ لطفا دوباره تلاش کنید";
pub const LOGGED_OUT: &str = "با موفقیت از حساب کاربری خارج شدید";
pub const CODE_SENT: &str = "کد ورود ارسال شد";

/// Asks the customer to wait before another code.
pub fn resend_too_soon(seconds: i64) -> String {
    format!("کد ورود به تازگی ارسال شده است؛ لطفا {} ثانیه دیگر دوباره تلاش کنید", persian_number(seconds))
}

// Orders (spec 2 §4, §7).
pub const ORDER_EMPTY: &str = "هیچ محصولی انتخاب نشده است";
pub const ORDER_PRODUCT_INVALID: &str = "محصول انتخاب شده معتبر نیست";
pub const ORDER_NOT_FOUND: &str = "سفارش مورد نظر پیدا نشد";
/// The wizard config id is unknown.
pub const WIZARD_CONFIG_NOT_FOUND: &str = "صفحه انتخاب دوره پیدا نشد";
/// Finalizing an order that still has an amount to pay, or any failed finalize [ER-36].
pub const FINALIZE_FAILED: &str = "خطایی پیش آمده است. لطفا پس از سی دقیقه مجدد تلاش کنید.";
/// An order that is paid already cannot change.
pub const ORDER_ALREADY_PAID: &str = "این سفارش قبلا پرداخت شده است.";

// Promotion codes (spec 2 §5, §8).
/// The error message the screens turn into `کد تخفیف وارد شده معتبر نمی باشد!` [ER-30].
pub const PROMOTION_CODE_NOT_FOUND: &str = "code not found";
/// Any other refused code [ER-31]; `details.messages[0]` says why.
pub const PROMOTION_FAILED: &str = "خطا در ثبت کد تخفیف!";
/// The code names no product in the basket [PR-30].
pub const PROMOTION_NOT_APPLICABLE: &str =
    "کد وارد شده برای این محصول قابل استفاده نیست، می توانید محصول دیگری انتخاب کنید.";
pub const PROMOTION_EXPIRED: &str = "مهلت استفاده از این کد تخفیف به پایان رسیده است.";
pub const PROMOTION_NOT_YET_VALID: &str = "زمان استفاده از این کد تخفیف هنوز فرا نرسیده است.";
pub const PROMOTION_USED_UP: &str = "ظرفیت استفاده از این کد تخفیف تکمیل شده است.";
pub const PROMOTION_ORDER_HAS_CODE: &str = "برای این سفارش قبلا یک کد تخفیف ثبت شده است.";
pub const USED_DISCOUNT_NOT_FOUND: &str = "کد تخفیف ثبت شده پیدا نشد.";
pub const USED_DISCOUNT_NOT_ACTIVE: &str = "این کد تخفیف قبلا حذف شده است.";

// Points (spec 2 §5, §8).
/// Points this order held went to another order [ER-24]; the one-hour sentence is verbatim [CT-09].
pub const POINTS_ALREADY_USED: &str = "شما قبلا امتیاز خود را برای پرداخت سفارش دیگری استفاده کرده اید. در صورت عدم پرداخت سفارش قبلی تا یک ساعت استفاده از امتیاز مجددا برای شما فعال خواهد شد.";
/// Setting points while another order holds them [ER-35].
pub const POINTS_HELD_ELSEWHERE: &str = "امتیاز شما برای سفارش دیگری رزرو شده است. لطفا سی دقیقه دیگر دوباره تلاش کنید.";
/// Cancelling points reserved for a payment [ER-34].
pub const POINTS_RESERVED: &str = "امتیاز شما برای این سفارش رزرو شده است. لطفا سی دقیقه دیگر دوباره تلاش کنید.";
/// No basket line can take points, or there are none to use [ER-37].
pub const POINTS_MAX_USAGE: &str =
    "متاسفانه امکان تخفیف بیشتر برایمان مقدور نیست و حداکثر میزان تخفیف در این محصول برای شما لحاظ شده است.";
pub const POINTS_NOT_ON_ORDER: &str = "امتیازی روی این سفارش ثبت نشده است.";

/// The payment gateway failed or could not be reached while starting a payment.
pub const PAYMENT_GATEWAY_FAILED: &str = "اتصال به درگاه پرداخت برقرار نشد. لطفا بعد از چند دقیقه دوباره تلاش کنید.";
/// The gateway refused to start the payment; its own messages follow in `details.messages`.
pub const PAYMENT_REFUSED: &str = "درگاه پرداخت درخواست را نپذیرفت.";
/// A payment was asked for an order with nothing left to pay (a zero total is finalized instead).
pub const PAYMENT_NOTHING_TO_PAY: &str = "این سفارش مبلغی برای پرداخت آنلاین ندارد.";
/// An `Idempotency-Key` came back with another order.
pub const PAYMENT_KEY_REUSED: &str = "این کلید یکتا برای پرداخت دیگری استفاده شده است.";
/// Another payment of the order is being started or verified (a double tap, a second tab).
/// Gumroad was asked to pay an order it does not sell: more than one item, or a price lowered by a code or points
/// (a sale charges the product's own price).
pub const PAYMENT_GUMROAD_NOT_THIS_ORDER: &str = "پرداخت با Gumroad فقط برای سفارشی با یک محصول و بدون کد تخفیف و امتیاز ممکن است. روش پرداخت دیگری را انتخاب کنید یا کد و امتیاز را از سفارش بردارید.";
pub const PAYMENT_PRICE_CHANGED: &str = "مبلغ این سفارش تغییر کرده است. صورتحساب تازه را ببینید و دوباره پرداخت کنید.";
pub const PAYMENT_IN_PROGRESS: &str = "پرداخت دیگری برای این سفارش در حال انجام است. چند لحظه دیگر دوباره تلاش کنید.";
/// Finance settles a refund that is not waiting (given back already, or never due).
pub const REFUND_NOT_DUE: &str = "این پرداخت در انتظار بازپرداخت نیست.";
/// Finance records a check of a payment that is not an unchecked one that expired unanswered.
pub const PAYMENT_NOT_UNANSWERED: &str = "این پرداخت در انتظار بررسی با درگاه نیست.";
/// Finance settles a refund by hand while its gateway is being asked to give the same money back.
pub const REFUND_BEING_GIVEN_BACK: &str = "درگاه پرداخت در حال بازگرداندن همین مبلغ است. برای جلوگیری از بازپرداخت دوباره، پس از چند دقیقه وضعیت این پرداخت را دوباره بررسی کنید.";
/// The chosen payment method cannot be paid through this service yet.
pub const PAYMENT_METHOD_UNAVAILABLE: &str = "این روش پرداخت در حال حاضر فعال نیست.";
/// A gateway called back about a payment this service does not know.
pub const PAYMENT_NOT_FOUND: &str = "پرداخت مورد نظر پیدا نشد.";

// Manual transfers (spec 2 §4, §5).
/// A transfer form that breaks its rules; `details.messages` has one line per field [PM-55..PM-60].
pub const TRANSFER_INVALID: &str = "اطلاعات پرداخت وارد شده معتبر نیست.";
pub const TRANSFER_CARD_DIGITS: &str = "چهار رقم آخر کارت را وارد کنید.";
pub const TRANSFER_ACCOUNT: &str = "ایمیل حساب پرداخت کننده معتبر نیست.";
pub const TRANSFER_DAY: &str = "روز پرداخت باید بین ۱ تا ۳۱ باشد.";
/// A day the chosen month does not have (31 Mehr, 30 Esfand of a common year).
pub const TRANSFER_NO_SUCH_DAY: &str = "ماه انتخاب‌شده این روز را ندارد.";
pub const TRANSFER_MONTH: &str = "ماه پرداخت معتبر نیست.";
pub const TRANSFER_YEAR: &str = "سال پرداخت باید سال جاری یا سال گذشته باشد.";
pub const TRANSFER_HOUR: &str = "ساعت پرداخت باید بین ۰ تا ۲۳ باشد.";
pub const TRANSFER_MINUTE: &str = "دقیقه پرداخت باید بین ۰ تا ۵۹ باشد.";
/// A transfer dated after now, or before its order was created: it cannot be the order's payment.
pub const TRANSFER_DATE_FUTURE: &str = "تاریخ و ساعت واریز نمی‌تواند بعد از اکنون باشد.";
pub const TRANSFER_DATE_BEFORE_ORDER: &str = "تاریخ و ساعت واریز نمی‌تواند پیش از ثبت سفارش باشد.";
/// A second transfer for an order whose first one is still under review.
pub const TRANSFER_PENDING: &str =
    "اطلاعات پرداخت این سفارش قبلا ثبت شده و در حال بررسی است. نتیجه حداکثر تا ۴۸ ساعت پیامک می‌شود.";
/// Finance asked about a transfer that does not exist.
pub const TRANSFER_NOT_FOUND: &str = "پرداخت دستی مورد نظر پیدا نشد.";
/// Finance reviewed a transfer that was reviewed already.
pub const TRANSFER_REVIEWED: &str = "این پرداخت قبلا بررسی شده است.";
/// Finance did not say who reviews.
pub const TRANSFER_REVIEWER: &str = "نام بررسی کننده وارد نشده است.";

// Questionnaires (spec 3 §5, §7, §8).
/// An answer set that does not fit its form; `details.messages` name each question and why [ER-53].
pub const FORM_ANSWERS_INVALID: &str = "پاسخ‌های ارسال شده معتبر نیست.";
/// No answer record with this id for this caller.
pub const FORM_ANSWERS_NOT_FOUND: &str = "پاسخ‌نامه مورد نظر پیدا نشد.";
/// Perfect-body landing: gender missing or unknown [QN-23].
pub const PERFECT_BODY_GENDER: &str = "لطفا یکی از گزینه های مد نظر را انتخاب کنید";
/// Perfect-body landing: a day, month or year that is not a Jalali birth date.
pub const PERFECT_BODY_BIRTH_DATE: &str = "تاریخ تولد وارد شده معتبر نیست.";
/// Weight 15 to 249.99 kg [QN-28, QN-29].
pub const PERFECT_BODY_WEIGHT: &str = "وزن باید بین 15 تا 250 کیلوگرم باشد";
/// Height 90 to 249.99 cm; the message names 90 and 250 (DECISIONS) [QN-27].
pub const PERFECT_BODY_HEIGHT: &str = "قد باید بین 90 تا 250 سانتی‌متر باشد";
/// A result asked for a referral no registration gave.
pub const PERFECT_BODY_REFERRAL_NOT_FOUND: &str = "اطلاعات ثبت‌نام برای این کد پیدا نشد.";

// Payment-result page (spec 2 §2): the mentor link's error codes [PM-63, PM-64].
/// The customer has no profile (file) number, so there is no mentor to connect to.
pub const PROFILE_NUMBER_NOT_FOUND: &str = "شماره پرونده شما پیدا نشد.";
/// The `mobile` asked about is missing or not a mobile number.
pub const MOBILE_NUMBER_NOT_FOUND: &str = "شماره موبایل پیدا نشد. لطفا دوباره وارد شوید.";
/// No customer with this token or mobile.
pub const USER_NOT_FOUND: &str = "کاربر پیدا نشد. لطفا دوباره وارد شوید.";

// Reserve list (spec 2 §2, §4).
/// No reserved diet with this id for this customer.
pub const RESERVED_DIET_NOT_FOUND: &str = "رژیم رزرو شده مورد نظر پیدا نشد.";
/// The reserve list's `dietStatus` is neither RESERVED nor ENABLED.
pub const RESERVE_STATUS_INVALID: &str = "وضعیت رژیم رزرو شده معتبر نیست.";

// Gift cards (spec 2 §8) [ER-41…ER-46].
/// `INVALID_CODE`: no such card, or not a code at all.
pub const GIFT_INVALID_CODE: &str = "کد وارد شده معتبر نیست.";
/// `USED_CODE`: the card already paid for an order.
pub const GIFT_USED_CODE: &str = "این کد قبلا استفاده شده است.";
/// `user-has-active-diet`: a gift cannot start while a diet runs; support can reserve it.
pub const GIFT_ACTIVE_DIET: &str = "شما در حال حاضر رژیم فعال دارید. برای رزرو رژیم بعدی با پشتیبانی تماس بگیرید.";
/// `INVALID_SELECTED_PRODUCT_ID`: the chosen product is not one the card offers.
pub const GIFT_INVALID_PRODUCT: &str = "محصول انتخاب شده معتبر نیست!";

// Diet requests (spec 3 §4 "Diet actions", §8) [ER-61].
/// `INVALID_PROFILE`: a profile field breaks its form rule or group, or the location is not the fixed one.
pub const PROFILE_INVALID: &str = "اطلاعات پرونده پزشکی معتبر نیست.";
/// `PROFILE_NOT_FOUND`: the diet was requested before the profile of the conversation was sent.
pub const PROFILE_NOT_FOUND: &str = "ابتدا اطلاعات پرونده پزشکی خود را ثبت کنید.";
/// `NO_DIET_AWAITING_ANSWERS`: no paid diet waits for the customer's answers.
pub const NO_DIET_AWAITING_ANSWERS: &str =
    "رژیم پرداخت‌شده‌ای که در انتظار پاسخ به سوالات باشد ندارید؛ لطفا ابتدا رژیم خود را خریداری کنید.";
/// `CONVERSATION_TAKEN`: the conversation id holds another customer's profile.
pub const CONVERSATION_TAKEN: &str = "این درخواست متعلق به حساب کاربری دیگری است؛ لطفا فرم را از ابتدا پر کنید.";

/// A franchise call by a customer who is not a franchise member (`NOT_FRANCHIZER`).
pub const NOT_FRANCHIZER: &str = "شما عضو طرح معرفی (فرانچایز) لیمو نیستید.";
/// The team revoked or asked about a customer who is not (or never was) a franchise member.
pub const STAFF_NOT_FRANCHIZER: &str = "این مشتری عضو طرح معرفی (فرانچایز) نیست.";
/// The team named a mobile number no customer has.
pub const STAFF_CUSTOMER_NOT_FOUND: &str = "مشتری‌ای با این شماره موبایل پیدا نشد.";
/// The team did not say who grants or revokes a membership.
pub const STAFF_ACTOR_MISSING: &str = "نام ثبت کننده وارد نشده است.";
/// The team's points grant: a count outside 1 to 1,000,000.
pub const STAFF_POINTS_OUT_OF_RANGE: &str = "تعداد امتیاز باید بین ۱ تا ۱٬۰۰۰٬۰۰۰ باشد.";
/// The team's points grant: no reason, or one over 200 characters.
pub const STAFF_POINTS_REASON: &str = "دلیل دادن امتیاز را در حداکثر ۲۰۰ نویسه بنویسید.";

// The test clock (`TEST_CLOCK`).
/// The test clock is off on this deployment.
pub const TEST_CLOCK_OFF: &str = "ساعت آزمایشی در این نسخه خاموش است.";
/// A move of zero or less: the clock only goes forward.
pub const TEST_CLOCK_BACKWARDS: &str = "ساعت آزمایشی فقط به جلو می‌رود؛ مدتی بیش از صفر بدهید.";
/// A move longer than the longest one accepted at once.
pub const TEST_CLOCK_TOO_FAR: &str = "ساعت آزمایشی در هر بار حداکثر ۳۶۶ روز جلو می‌رود.";
/// A customer's own clock asked for, with an id no customer has.
pub const TEST_CLOCK_NO_CUSTOMER: &str = "مشتری‌ای با این شناسه پیدا نشد.";

// The medical team's diet tools and the customer's start date [DS-27].
/// No diet with this id (for this customer).
pub const DIET_NOT_FOUND: &str = "رژیم مورد نظر پیدا نشد.";
/// The order is unpaid or holds no diet.
pub const DIET_ORDER_NOT_PAID: &str = "این سفارش رژیم پرداخت‌شده‌ای ندارد.";
/// The package's diet in this slot is written already under another number.
pub const DIET_SLOT_TAKEN: &str = "این رژیم قبلا با شماره دیگری صادر شده است.";
/// A field of the team's call is missing or out of range.
pub const DIET_TEAM_INVALID: &str = "اطلاعات رژیم معتبر نیست.";
/// The start date is not a date.
pub const START_DATE_INVALID: &str = "تاریخ شروع رژیم معتبر نیست.";
/// The start date is before today.
pub const START_DATE_PAST: &str = "تاریخ شروع رژیم نمی‌تواند قبل از امروز باشد.";
/// The start date is too far ahead.
pub const START_DATE_TOO_FAR: &str = "تاریخ شروع رژیم بیش از حد دور است.";
/// The medical team closed the diet; its start cannot move.
pub const DIET_CLOSED: &str = "این رژیم به پایان رسیده است و تاریخ شروع آن قابل تغییر نیست.";
/// A diet that has run more than a week keeps its start; support (the medical team) can still move it.
pub const DIET_UNDERWAY: &str =
    "بیش از یک هفته از شروع این رژیم گذشته است؛ برای تغییر تاریخ شروع با پشتیبانی تماس بگیرید.";
/// The customer moved this diet's start as often as allowed.
pub const START_MOVES_USED: &str =
    "تاریخ شروع این رژیم سه بار تغییر کرده است؛ برای تغییر دوباره با پشتیبانی تماس بگیرید.";

// The older diet-package flow (spec 3 §8).
/// `NEED_LOGIN_FIRST`: a package call without a signed-in customer [ER-55].
pub const NEED_LOGIN_FIRST: &str = "لطفا ابتدا وارد سایت شوید.";
/// `NO_NEED_TO_PAYMENT`: a paid package still waits for its diet [ER-56].
pub const NO_NEED_TO_PAYMENT: &str = "نیازی به پرداخت نیست.";
/// Any other package-info or selection failure [ER-58].
pub const PACKAGE_FAILED: &str = "مشکلی پیش آمد، لطفا دوباره تلاش کنید.";

// An order whose payment is under way keeps its price: the payment was asked for it.
/// A code or points of an order were to change while an online payment of it is open (started, on the gateway's
/// page, or being verified). Starting the payment again opens the same page, where the customer pays or cancels it;
/// an abandoned one expires after `PAYMENT_EXPIRE_MINUTES` (30) and the sweeper's next round.
pub const ORDER_PAYMENT_OPEN: &str = "پرداخت آنلاین این سفارش هنوز باز است و تا پایان آن، کد تخفیف و امتیاز سفارش تغییر نمی‌کند. اگر صفحه پرداخت را بسته‌اید، دوباره دکمه پرداخت را بزنید و پرداخت را در درگاه لغو کنید، یا حدود سی دقیقه دیگر دوباره تلاش کنید.";
/// A payment was started or a transfer reported while an online payment of the order is still open whose verify
/// went unanswered: it may have taken the money, so nothing replaces it until the gateway answers (the sweeper asks
/// again every minute).
pub const ONLINE_PAYMENT_UNSETTLED: &str = "پرداخت آنلاین این سفارش هنوز در حال بررسی با درگاه است و ممکن است انجام شده باشد. اگر مبلغ از حساب شما کم شده، نیازی به پرداخت دوباره نیست و نتیجه به‌زودی مشخص می‌شود؛ در غیر این صورت لطفا حدود سی دقیقه دیگر دوباره تلاش کنید.";

#[cfg(test)]
mod tests {
    use super::{persian_amount, persian_number};

    #[test]
    fn numbers_in_persian_texts() {
        assert_eq!(persian_number(1205), "۱۲۰۵");
        assert_eq!(persian_amount(1_032_000), "۱٬۰۳۲٬۰۰۰");
        assert_eq!(persian_amount(950), "۹۵۰");
    }
}
