//! Questionnaire answer records (spec 3 §3, §4, §7): the first send creates a record, later sends replace its
//! answers; every send is checked against the form's definition (`bff/forms/`). The perfect-body landing lives in
//! `perfect_body`.
use poem::{Request, web::Data};
use poem_openapi::{
    OpenApi,
    param::{Header, Path},
    payload::Json,
};
use serde_json::{Map, Value};

pub mod dto;
pub mod error;
pub mod perfect_body;

use self::{
    dto::{FormAnswersCreated, FormAnswersRequest, FormAnswersSaved},
    error::FormAnswersFailure,
};
use super::{
    ApiTags,
    error::AreaFailure,
    security::{MaybeCustomer, admit},
};
use crate::{
    domain::forms,
    limits::{self, MAX_ANSWERS_BYTES},
    state::AppState,
    store::form_answers::{self, AnswerWrite},
    throttle::Kind,
};

pub struct FormsApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::Forms")]
impl FormsApi {
    /// Create an answer record (the first send of a questionnaire or form).
    ///
    /// The answers are checked against the form: unknown questions, options and steps, and every rule of
    /// spec 3 §5 with its Persian message. The named `step` must be complete; other questions may still be
    /// unanswered. A valid bearer token links the record to the customer (the body's `userId` is then ignored);
    /// without one (or with an expired one) the record is anonymous until a later send carries a token. The reply
    /// holds the record's edit token, which every later send must carry.
    #[oai(path = "/formAnswers", method = "post", operation_id = "createFormAnswers")]
    async fn create(
        &self,
        state: Data<&AppState>,
        req: &Request,
        caller: MaybeCustomer,
        body: Json<FormAnswersRequest>,
    ) -> Result<Json<FormAnswersCreated>, FormAnswersFailure> {
        admit(req, &state, Kind::NewRecords).map_err(FormAnswersFailure::throttled)?;
        let checked = Checked::from_request(body.0)?;
        let created = form_answers::insert(&state.db, &checked.write(caller.customer_id())).await?;
        Ok(Json(FormAnswersCreated { id: created.id, edit_token: created.edit_token }))
    }

    /// Replace a record's answers with the whole answer set of a later send.
    ///
    /// Checked as on create; the form type must stay the record's. A record without a customer may be changed only
    /// with its edit token (`X-Edit-Token`); with a valid bearer token too, it is linked to that customer (after
    /// sign-in). A linked record may be changed only with its customer's bearer token. Anything else (no token, an
    /// expired or foreign one, another customer's, a wrong edit token) gets the 404 of an unknown record.
    #[oai(path = "/formAnswers/:id", method = "patch", operation_id = "updateFormAnswers")]
    async fn update(
        &self,
        state: Data<&AppState>,
        caller: MaybeCustomer,
        /// The id answered by the create call (`form_answer_id`).
        id: Path<i64>,
        /// The edit token answered by the create call.
        #[oai(name = "X-Edit-Token")]
        edit_token: Header<Option<String>>,
        body: Json<FormAnswersRequest>,
    ) -> Result<Json<FormAnswersSaved>, FormAnswersFailure> {
        let checked = Checked::from_request(body.0)?;
        let (customer_id, edit_token) = (caller.customer_id(), edit_token.0.as_deref());
        if form_answers::update(&state.db, id.0, edit_token, &checked.write(customer_id)).await? {
            return Ok(Json(FormAnswersSaved { id: id.0 }));
        }
        // Only who may change the record learns that the form type was the problem; anyone else cannot tell it exists.
        match form_answers::find_editable(&state.db, id.0, customer_id, edit_token).await? {
            Some(record) if record.form_type != checked.form_type => Err(FormAnswersFailure::invalid(vec![format!(
                "formType: record {} holds {} answers",
                id.0, record.form_type
            )])),
            _ => Err(FormAnswersFailure::not_found(id.0)),
        }
    }
}

/// A request whose answers fit their form, ready to store.
struct Checked {
    form_type: String,
    form_id: String,
    user_id: Option<String>,
    /// The answers as a JSON list of one-entry objects, in the order sent.
    answers: String,
    step: Option<String>,
    utm_campaign: Option<String>,
}

impl Checked {
    fn from_request(body: FormAnswersRequest) -> Result<Checked, FormAnswersFailure> {
        let definition = forms::definition(&body.form_type).ok_or_else(|| {
            FormAnswersFailure::invalid(vec![format!("formType: unknown form {}", limits::echo(&body.form_type))])
        })?;
        let set = body.answers.into_set().map_err(|problem| FormAnswersFailure::invalid(vec![problem]))?;
        // Sized before the answers are checked: the check's work grows with them, and they are stored as sent.
        let entries: Vec<Value> = set
            .answers
            .iter()
            .map(|(id, value)| Value::Object(Map::from_iter([(id.clone(), value.clone())])))
            .collect();
        let answers = Value::Array(entries).to_string();
        limits::within("answers", &answers, MAX_ANSWERS_BYTES)
            .and_then(|()| {
                limits::short_texts([
                    // A konkur landing's own type (`konkur…`) is stored as sent.
                    ("formType", Some(body.form_type.as_str())),
                    ("formId", Some(body.form_id.as_str())),
                    ("userId", body.user_id.as_deref()),
                    ("step", set.step.as_deref()),
                    ("utm_campaign", set.utm_campaign.as_deref()),
                ])
            })
            .map_err(FormAnswersFailure::too_large)?;
        let problems = definition.problems(&set);
        if !problems.is_empty() {
            return Err(FormAnswersFailure::invalid(problems.iter().map(ToString::to_string).collect()));
        }
        Ok(Checked {
            form_type: body.form_type,
            form_id: body.form_id,
            user_id: body.user_id.map(|u| u.trim().to_owned()).filter(|u| !u.is_empty()),
            answers,
            step: set.step,
            utm_campaign: set.utm_campaign,
        })
    }

    fn write(&self, customer_id: Option<i64>) -> AnswerWrite<'_> {
        AnswerWrite {
            form_type: &self.form_type,
            form_id: &self.form_id,
            customer_id,
            claimed_user_id: self.user_id.as_deref(),
            answers: &self.answers,
            step: self.step.as_deref(),
            utm_campaign: self.utm_campaign.as_deref(),
        }
    }
}
