//! Derive macros of [alea's kernel](https://docs.rs/alea-kernel) (library `alea`), re-exported
//! there: use them as `alea::prelude::GameEvent` (or `alea::kernel::GameEvent`), never from
//! this crate directly.
#![warn(missing_docs)]

use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::{format_ident, quote};
use syn::{Data, DeriveInput, Fields, parse_macro_input};

/// Implements `alea::kernel::GameEvent` for an enum: each variant is an event kind, numbered
/// in declaration order from 0, and the enum gets one associated constant per kind, named
/// after its variant in `SCREAMING_SNAKE_CASE` (`TurnPassed` → `TURN_PASSED`), for listeners
/// to subscribe with. Adding a variant at the end keeps every other kind's number.
///
/// ```ignore
/// #[derive(Clone, Debug, Hash, serde::Serialize, alea::prelude::GameEvent)]
/// enum LiarEvent {
///     Bid { seat: Seat, count: u8, face: u8 },
///     Challenged { seat: Seat },
/// }
/// assert_eq!(LiarEvent::CHALLENGED, 1);
/// ```
#[proc_macro_derive(GameEvent)]
pub fn derive_game_event(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(tokens) => tokens.into(),
        Err(error) => error.to_compile_error().into(),
    }
}

fn expand(input: &DeriveInput) -> syn::Result<proc_macro2::TokenStream> {
    let Data::Enum(data) = &input.data else {
        return Err(syn::Error::new_spanned(
            &input.ident,
            "GameEvent is derived for enums: each variant is an event kind",
        ));
    };
    if data.variants.len() > usize::from(u16::MAX) + 1 {
        return Err(syn::Error::new_spanned(
            &input.ident,
            "an event enum has at most 65 536 variants",
        ));
    }
    let name = &input.ident;
    let (impl_generics, type_generics, where_clause) = input.generics.split_for_impl();
    let mut arms = Vec::new();
    let mut constants = Vec::new();
    for (kind, variant) in data.variants.iter().enumerate() {
        let kind = kind as u16;
        let ident = &variant.ident;
        let pattern = match variant.fields {
            Fields::Named(_) => quote!(#name::#ident { .. }),
            Fields::Unnamed(_) => quote!(#name::#ident(..)),
            Fields::Unit => quote!(#name::#ident),
        };
        arms.push(quote!(#pattern => #kind));
        let constant = format_ident!(
            "{}",
            screaming_snake(&ident.to_string()),
            span = Span::call_site()
        );
        let doc = format!("The kind of [`{name}::{ident}`].");
        constants.push(quote! {
            #[doc = #doc]
            pub const #constant: ::alea::kernel::EventKind = #kind;
        });
    }
    Ok(quote! {
        impl #impl_generics ::alea::kernel::GameEvent for #name #type_generics #where_clause {
            #[inline(always)]
            fn kind(&self) -> ::alea::kernel::EventKind {
                match *self {
                    #(#arms,)*
                }
            }
        }

        impl #impl_generics #name #type_generics #where_clause {
            #(#constants)*
        }
    })
}

/// `TurnPassed` → `TURN_PASSED`, `HTTPServer` → `HTTP_SERVER`, `Draw2` → `DRAW2`.
fn screaming_snake(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() && i > 0 {
            let previous = chars[i - 1];
            let next_is_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if previous.is_lowercase()
                || previous.is_ascii_digit()
                || (previous.is_uppercase() && next_is_lower)
            {
                out.push('_');
            }
        }
        out.extend(c.to_uppercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::screaming_snake;

    #[test]
    fn variant_names_become_constant_names() {
        assert_eq!(screaming_snake("Roll"), "ROLL");
        assert_eq!(screaming_snake("TurnPassed"), "TURN_PASSED");
        assert_eq!(screaming_snake("HTTPServer"), "HTTP_SERVER");
        assert_eq!(screaming_snake("Draw2Cards"), "DRAW2_CARDS");
        assert_eq!(screaming_snake("A"), "A");
    }
}
