use crate::{
    api::error::{AreaFailure, area_failure},
    messages,
    shop::packages::PackageError,
};

area_failure! {
    /// Failures of the older diet-package calls; `err.code` names the case the screens tell apart.
    pub enum PackageFailure(handler = "PackageFailure::malformed") {
        /// `EXTEND_DIET_FOUND` (also in `details.messages`: the customer's diet runs, ask the extend variant)
        /// [DS-31], `NO_NEED_TO_PAYMENT` (a paid package still waits for its diet) [ER-56], or "400": no offer
        /// of that length or hami, no running diet to extend, a malformed body.
        400 => BadRequest,
        /// `NEED_LOGIN_FIRST`: no valid bearer token [ER-55].
        401 => Unauthorized,
        500 => Internal,
    }
}

impl PackageFailure {
    pub fn need_login_first() -> Self {
        PackageFailure::named(401, "NEED_LOGIN_FIRST", messages::NEED_LOGIN_FIRST, vec!["NEED_LOGIN_FIRST".into()])
    }
}

impl From<PackageError> for PackageFailure {
    fn from(error: PackageError) -> Self {
        let named = |code: &str, message| PackageFailure::named(400, code, message, vec![code.to_owned()]);
        match &error {
            PackageError::ExtendDietFound => named("EXTEND_DIET_FOUND", messages::PACKAGE_FAILED),
            PackageError::NoNeedToPayment => named("NO_NEED_TO_PAYMENT", messages::NO_NEED_TO_PAYMENT),
            PackageError::NoDietToExtend | PackageError::NoSuchOffer(_) => {
                PackageFailure::bad_request(messages::PACKAGE_FAILED, &error)
            }
            PackageError::Unexpected(e) => PackageFailure::unexpected(e),
        }
    }
}
